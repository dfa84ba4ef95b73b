export const ORDERS = { durable: false, arguments: { 'x-queue-type': 'classic' } };
export const AUDIT = { durable: true };
