export const ORDERS = { durable: true, arguments: { 'x-queue-type': 'classic' } };
export const AUDIT = { durable: true };
