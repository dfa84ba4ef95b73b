import * as Amqp from 'amqp-ts';

const connection = new Amqp.Connection('amqp://localhost');
export const delayed = connection.declareExchange('delayed', 'x-delayed-message', { arguments: { 'x-delayed-type': 'direct' } });
// Negative: an ordinary exchange.
export const events = connection.declareExchange('events', 'topic', { durable: true });
