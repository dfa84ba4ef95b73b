import { AMQPClient } from '@cloudamqp/amqp-client';

export async function setup(url: string): Promise<void> {
  const conn = await new AMQPClient(url).connect();
  const ch = await conn.channel();
  // rabbitmq4-codemod(delayed-message-exchange): replace the delayed-message exchange before moving
  // to RabbitMQ 4.3: for retries, quorum-queue delayed retry (RabbitMQ 4.3: x-delayed-retry-type,
  // x-delayed-retry-min, x-delayed-retry-max); for a fixed delay, a TTL + dead-letter 'wait queue'
  // (publish to a queue with x-message-ttl whose x-dead-letter-exchange is the real exchange); for
  // arbitrary delays, an external scheduler
  await ch.exchangeDeclare('delayed', 'x-delayed-message', { durable: true }, { 'x-delayed-type': 'direct' });
  // rabbitmq4-codemod(unconfirmed-publish): call ch.confirmSelect() on the channel before
  // publishing: basicPublish() then resolves only when the broker confirms the message
  // rabbitmq4-codemod(delayed-message-exchange): delay the message another way: for retries,
  // quorum-queue delayed retry (RabbitMQ 4.3: x-delayed-retry-type, x-delayed-retry-min,
  // x-delayed-retry-max); for a fixed delay, a TTL + dead-letter 'wait queue' (publish to a queue
  // with x-message-ttl whose x-dead-letter-exchange is the real exchange); for arbitrary delays, an
  // external scheduler
  await ch.basicPublish('delayed', 'jobs', 'payload', { headers: { 'x-delay': 1500 } });
}
