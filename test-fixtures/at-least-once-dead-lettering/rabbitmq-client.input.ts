import { Connection } from 'rabbitmq-client';

const rabbit = new Connection('amqp://localhost');

export const consumer = rabbit.createConsumer({
  queue: 'orders',
  queueOptions: { durable: true, arguments: { 'x-queue-type': 'quorum', 'x-dead-letter-strategy': 'at-least-once', 'x-dead-letter-exchange': 'dlx', 'x-delivery-limit': 5 } },
  qos: { prefetchCount: 10 },
}, async () => {});

// Negative: everything at-least-once needs.
export const payments = rabbit.createConsumer({
  queue: 'payments',
  queueOptions: { durable: true, arguments: { 'x-queue-type': 'quorum', 'x-dead-letter-strategy': 'at-least-once', 'x-dead-letter-exchange': 'dlx', 'x-overflow': 'reject-publish', 'x-delivery-limit': 5 } },
  qos: { prefetchCount: 10 },
}, async () => {});
