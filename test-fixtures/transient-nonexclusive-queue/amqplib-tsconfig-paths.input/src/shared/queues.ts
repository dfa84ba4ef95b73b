export const EVENTS_QUEUE_OPTIONS = { durable: false };
