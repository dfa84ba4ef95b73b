import { Connection } from 'rabbitmq-client';

const rabbit = new Connection('amqp://localhost');

// rabbitmq4-codemod(consumer-timeout-argument): remove the x-consumer-timeout consumer argument:
// from 4.3, classic queues never time out a consumer; if a delivery timeout is needed, make
// 'reports' a quorum queue (x-consumer-timeout as a consumer or queue argument, or a
// consumer-timeout policy)
export const reports = rabbit.createConsumer({
  queue: 'reports',
  queueOptions: { durable: true },
  qos: { prefetchCount: 10 },
  arguments: { 'x-consumer-timeout': 3600000 },
}, async () => {});

// Negative: a quorum queue evaluates the consumer timeout.
export const jobs = rabbit.createConsumer({
  queue: 'jobs',
  queueOptions: { durable: true, arguments: { 'x-queue-type': 'quorum', 'x-delivery-limit': 5 } },
  qos: { prefetchCount: 10 },
  arguments: { 'x-consumer-timeout': 3600000 },
}, async () => {});
