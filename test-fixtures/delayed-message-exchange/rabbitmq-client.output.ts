import { Connection } from 'rabbitmq-client';

const rabbit = new Connection('amqp://localhost');

export async function setup(): Promise<void> {
  // rabbitmq4-codemod(delayed-message-exchange): replace the delayed-message exchange before moving
  // to RabbitMQ 4.3: for retries, quorum-queue delayed retry (RabbitMQ 4.3: x-delayed-retry-type,
  // x-delayed-retry-min, x-delayed-retry-max); for a fixed delay, a TTL + dead-letter 'wait queue'
  // (publish to a queue with x-message-ttl whose x-dead-letter-exchange is the real exchange); for
  // arbitrary delays, an external scheduler
  await rabbit.exchangeDeclare({ exchange: 'delayed', type: 'x-delayed-message', durable: true, arguments: { 'x-delayed-type': 'direct' } });
  const ch = await rabbit.acquire();
  // rabbitmq4-codemod(unconfirmed-publish): call ch.confirmSelect() on the channel before
  // publishing: basicPublish() then resolves only when the broker confirms the message
  // rabbitmq4-codemod(delayed-message-exchange): delay the message another way: for retries,
  // quorum-queue delayed retry (RabbitMQ 4.3: x-delayed-retry-type, x-delayed-retry-min,
  // x-delayed-retry-max); for a fixed delay, a TTL + dead-letter 'wait queue' (publish to a queue
  // with x-message-ttl whose x-dead-letter-exchange is the real exchange); for arbitrary delays, an
  // external scheduler
  await ch.basicPublish({ exchange: 'delayed', routingKey: 'jobs', headers: { 'x-delay': 60000 } }, 'payload');
}

// rabbitmq4-codemod(delayed-message-exchange): replace the delayed-message exchange before moving
// to RabbitMQ 4.3: for retries, quorum-queue delayed retry (RabbitMQ 4.3: x-delayed-retry-type,
// x-delayed-retry-min, x-delayed-retry-max); for a fixed delay, a TTL + dead-letter 'wait queue'
// (publish to a queue with x-message-ttl whose x-dead-letter-exchange is the real exchange); for
// arbitrary delays, an external scheduler
export const publisher = rabbit.createPublisher({
  confirm: true,
  exchanges: [{ exchange: 'retry', type: 'x-delayed-message', arguments: { 'x-delayed-type': 'topic' } }],
});

export async function retryLater(body: object): Promise<void> {
  // rabbitmq4-codemod(delayed-message-exchange): delay the message another way: for retries,
  // quorum-queue delayed retry (RabbitMQ 4.3: x-delayed-retry-type, x-delayed-retry-min,
  // x-delayed-retry-max); for a fixed delay, a TTL + dead-letter 'wait queue' (publish to a queue
  // with x-message-ttl whose x-dead-letter-exchange is the real exchange); for arbitrary delays, an
  // external scheduler
  await publisher.send({ exchange: 'retry', routingKey: 'jobs.retry', headers: { 'x-delay': 5000 } }, body);
}
