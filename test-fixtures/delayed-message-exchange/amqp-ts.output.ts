import * as Amqp from 'amqp-ts';

const connection = new Amqp.Connection('amqp://localhost');
// rabbitmq4-codemod(delayed-message-exchange): replace the delayed-message exchange before moving
// to RabbitMQ 4.3: for retries, quorum-queue delayed retry (RabbitMQ 4.3: x-delayed-retry-type,
// x-delayed-retry-min, x-delayed-retry-max); for a fixed delay, a TTL + dead-letter 'wait queue'
// (publish to a queue with x-message-ttl whose x-dead-letter-exchange is the real exchange); for
// arbitrary delays, an external scheduler
export const delayed = connection.declareExchange('delayed', 'x-delayed-message', { arguments: { 'x-delayed-type': 'direct' } });
// Negative: an ordinary exchange.
export const events = connection.declareExchange('events', 'topic', { durable: true });
