import { Connection, ConsumerStatus } from 'rabbitmq-client';

const rabbit = new Connection('amqp://localhost');
const QUORUM = { durable: true, arguments: { 'x-queue-type': 'quorum', 'x-delivery-limit': 10 } };

// "Try again": counted toward the delivery limit before 4.3, never from 4.3.
// rabbitmq4-codemod(quorum-requeue-delivery-count): rabbitmq-client returns every message with a
// nack (it has no reject), which RabbitMQ 4.3 no longer counts toward the delivery limit: count
// attempts yourself (a header of your own, or x-acquired-count on 4.3) and return
// ConsumerStatus.DROP past the limit (with a dead-letter exchange on the queue to keep the
// message), or use the 4.3 delayed-retry queue arguments instead of an immediate requeue
export const payments = rabbit.createConsumer({ queue: 'payments', queueOptions: QUORUM, qos: { prefetchCount: 10 } }, async (msg) => {
  try {
    await charge(msg.body);
  } catch {
    return ConsumerStatus.REQUEUE;
  }
});

// A throw is nacked with createConsumer's requeue option, which defaults to true.
// rabbitmq4-codemod(quorum-requeue-delivery-count): rabbitmq-client returns every message with a
// nack (it has no reject), which RabbitMQ 4.3 no longer counts toward the delivery limit: count
// attempts yourself (a header of your own, or x-acquired-count on 4.3) and return
// ConsumerStatus.DROP past the limit (with a dead-letter exchange on the queue to keep the
// message), or use the 4.3 delayed-retry queue arguments instead of an immediate requeue
export const orders = rabbit.createConsumer({ queue: 'orders', queueOptions: QUORUM, qos: { prefetchCount: 10 } }, async (msg) => {
  if (!(await reserve(msg.body))) throw new Error('stock not reserved yet');
});

// rabbitmq4-codemod(quorum-requeue-delivery-count): rabbitmq-client returns every message with a
// nack (it has no reject), which RabbitMQ 4.3 no longer counts toward the delivery limit: count
// attempts yourself (a header of your own, or x-acquired-count on 4.3) and return
// ConsumerStatus.DROP past the limit (with a dead-letter exchange on the queue to keep the
// message), or use the 4.3 delayed-retry queue arguments instead of an immediate requeue
export const ledger = rabbit.createConsumer({ queue: 'ledger', queueOptions: QUORUM, qos: { prefetchCount: 10 } }, async (msg) => {
  const attempts = Number(msg.headers?.['x-delivery-count'] ?? 0);
  if (attempts > 3) return ConsumerStatus.DROP;
  return 1;
});

declare function charge(body: unknown): Promise<void>;
declare function reserve(body: unknown): Promise<boolean>;
