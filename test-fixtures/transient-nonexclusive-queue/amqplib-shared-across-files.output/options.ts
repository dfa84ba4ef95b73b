export const SHARED = { durable: false };
export const TRANSIENT = { durable: true };
