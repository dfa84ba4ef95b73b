// rabbitmq-client: the x-death count read through reduce and a loop, then the message republished.
import { Connection } from 'rabbitmq-client';

const rabbit = new Connection('amqp://localhost');
const publisher = rabbit.createPublisher({ confirm: true });

// rabbitmq4-codemod(x-death-retry-count): count retries in a header of your own without the x-
// prefix (e.g. 'retry-count': read it, add 1 when you republish), or let a quorum queue count: its
// delivery-limit (x-delivery-limit or a delivery-limit policy) and the x-delivery-count header
// (x-acquired-count from 4.3)
export const sum = rabbit.createConsumer({ queue: 'sum', queueOptions: { durable: true }, qos: { prefetchCount: 10 } }, async (msg) => {
  const total = (msg.headers?.['x-death'] ?? []).reduce((n: number, d: { count: number }) => n + d.count, 0);
  if (total < 5) await publisher.send('sum-retry', msg.body);
});

// rabbitmq4-codemod(x-death-retry-count): count retries in a header of your own without the x-
// prefix (e.g. 'retry-count': read it, add 1 when you republish), or let a quorum queue count: its
// delivery-limit (x-delivery-limit or a delivery-limit policy) and the x-delivery-count header
// (x-acquired-count from 4.3)
export const loop = rabbit.createConsumer({ queue: 'loop', queueOptions: { durable: true }, qos: { prefetchCount: 10 } }, async (msg) => {
  let attempts = 0;
  for (const { count } of msg.headers?.['x-death'] ?? []) attempts += count;
  if (attempts < 5) await publisher.send('loop-retry', msg.body);
});
