import { Connection } from 'rabbitmq-client';

const rabbit = new Connection('amqp://localhost');

// rabbitmq4-codemod(at-least-once-dead-lettering): set x-overflow: 'reject-publish' (setting
// x-max-length or x-max-length-bytes too is recommended), or set them through a policy (overflow,
// dead-letter-exchange): an existing queue refuses changed arguments (406 inequivalent arg) until
// it is recreated, while a policy applies to it as it is
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
