export const QUEUE_DURABLE = process.env.QUEUE_DURABLE === 'true';
