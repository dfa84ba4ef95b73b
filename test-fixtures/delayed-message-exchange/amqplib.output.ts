import amqp from 'amqplib';

const DELAYED = 'x-delayed-message';

export async function setup(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  // rabbitmq4-codemod(delayed-message-exchange): replace the delayed-message exchange before moving
  // to RabbitMQ 4.3: for retries, quorum-queue delayed retry (RabbitMQ 4.3: x-delayed-retry-type,
  // x-delayed-retry-min, x-delayed-retry-max); for a fixed delay, a TTL + dead-letter 'wait queue'
  // (publish to a queue with x-message-ttl whose x-dead-letter-exchange is the real exchange); for
  // arbitrary delays, an external scheduler
  await ch.assertExchange('retry.delayed', 'x-delayed-message', { arguments: { 'x-delayed-type': 'direct' } });
  // rabbitmq4-codemod(delayed-message-exchange): replace the delayed-message exchange before moving
  // to RabbitMQ 4.3: for retries, quorum-queue delayed retry (RabbitMQ 4.3: x-delayed-retry-type,
  // x-delayed-retry-min, x-delayed-retry-max); for a fixed delay, a TTL + dead-letter 'wait queue'
  // (publish to a queue with x-message-ttl whose x-dead-letter-exchange is the real exchange); for
  // arbitrary delays, an external scheduler
  await ch.assertExchange('later', DELAYED, { durable: true });
  // rabbitmq4-codemod(delayed-message-exchange): delay the message another way: for retries,
  // quorum-queue delayed retry (RabbitMQ 4.3: x-delayed-retry-type, x-delayed-retry-min,
  // x-delayed-retry-max); for a fixed delay, a TTL + dead-letter 'wait queue' (publish to a queue
  // with x-message-ttl whose x-dead-letter-exchange is the real exchange); for arbitrary delays, an
  // external scheduler
  ch.publish('retry.delayed', 'orders', Buffer.from('{}'), { headers: { 'x-delay': 30000 }, persistent: true });
}
