import { Connection, ConsumerStatus } from 'rabbitmq-client';

const rabbit = new Connection('amqp://localhost');
const publisher = rabbit.createPublisher({ confirm: true });

// Counts retries in a header of its own: nothing the broker ignores.
export const work = rabbit.createConsumer({ queue: 'work', queueOptions: { durable: true }, qos: { prefetchCount: 10 } }, async (msg) => {
  const attempts = Number(msg.headers?.['retry-count'] ?? 0);
  if (attempts >= 5) return ConsumerStatus.DROP;
  console.log('x-death', msg.headers?.['x-death']?.[0]?.count);
  await publisher.send({ routingKey: 'work-retry', headers: { 'retry-count': attempts + 1 } }, msg.body);
});
