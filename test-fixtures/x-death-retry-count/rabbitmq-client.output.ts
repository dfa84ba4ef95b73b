import { Connection, ConsumerStatus, type AsyncMessage } from 'rabbitmq-client';

const MAX_RETRIES = 5;
const rabbit = new Connection('amqp://localhost');
const publisher = rabbit.createPublisher({ confirm: true });

// rabbitmq4-codemod(x-death-retry-count): count retries in a header of your own without the x-
// prefix (e.g. 'retry-count': read it, add 1 when you republish), or let a quorum queue count: its
// delivery-limit (x-delivery-limit or a delivery-limit policy) and the x-delivery-count header
// (x-acquired-count from 4.3)
export const work = rabbit.createConsumer({ queue: 'work', queueOptions: { durable: true }, qos: { prefetchCount: 10 } }, async (msg) => {
  const count = msg.headers?.['x-death']?.[0]?.count ?? 0;
  if (count >= MAX_RETRIES) return ConsumerStatus.DROP;
  await publisher.send({ routingKey: 'work-retry', headers: msg.headers }, msg.body);
});

// rabbitmq4-codemod(x-death-retry-count): count retries in a header of your own without the x-
// prefix (e.g. 'retry-count': read it, add 1 when you republish), or let a quorum queue count: its
// delivery-limit (x-delivery-limit or a delivery-limit policy) and the x-delivery-count header
// (x-acquired-count from 4.3)
export const billing = rabbit.createConsumer({ queue: 'billing', queueOptions: { durable: true }, qos: { prefetchCount: 10 } }, onBilling);

async function onBilling(msg: AsyncMessage) {
  if (retries(msg) < 3) await publisher.send('billing-retry', msg.body);
}

function retries(message: AsyncMessage): number {
  const [{ count }] = message.headers!['x-death'];
  return count;
}

// The broker dead-letters (DROP is a nack without requeue): its x-death count keeps counting, nothing to report.
export const inspect = rabbit.createConsumer({ queue: 'inspect', queueOptions: { durable: true }, qos: { prefetchCount: 10 } }, async (msg) => {
  if (msg.headers!['x-death'][0].count > 9) return ConsumerStatus.DROP;
  await handle(msg.body);
});

// Forwarding the whole received message as the envelope passes its headers (and their x-death) on.
export const forward = rabbit.createConsumer({ queue: 'forward', queueOptions: { durable: true }, qos: { prefetchCount: 10 } }, async (msg) => {
  await publisher.send({ ...msg, routingKey: 'work' }, msg.body);
});

declare function handle(body: unknown): Promise<void>;
