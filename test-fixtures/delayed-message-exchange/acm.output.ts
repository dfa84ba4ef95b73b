import amqp from 'amqp-connection-manager';
import type { Channel } from 'amqplib';

const connection = amqp.connect(['amqp://localhost']);
export const wrapper = connection.createChannel({
  json: true,
  setup: async (channel: Channel) => {
    // rabbitmq4-codemod(delayed-message-exchange): replace the delayed-message exchange before
    // moving to RabbitMQ 4.3: for retries, quorum-queue delayed retry (RabbitMQ 4.3:
    // x-delayed-retry-type, x-delayed-retry-min, x-delayed-retry-max); for a fixed delay, a TTL +
    // dead-letter 'wait queue' (publish to a queue with x-message-ttl whose x-dead-letter-exchange
    // is the real exchange); for arbitrary delays, an external scheduler
    await channel.assertExchange('delayed', 'x-delayed-message', { arguments: { 'x-delayed-type': 'direct' } });
  },
});

export async function later(body: object) {
  // rabbitmq4-codemod(delayed-message-exchange): replace the delayed-message exchange before moving
  // to RabbitMQ 4.3: for retries, quorum-queue delayed retry (RabbitMQ 4.3: x-delayed-retry-type,
  // x-delayed-retry-min, x-delayed-retry-max); for a fixed delay, a TTL + dead-letter 'wait queue'
  // (publish to a queue with x-message-ttl whose x-dead-letter-exchange is the real exchange); for
  // arbitrary delays, an external scheduler
  await wrapper.assertExchange('delayed.wrapper', 'x-delayed-message', { arguments: { 'x-delayed-type': 'fanout' } });
  // rabbitmq4-codemod(delayed-message-exchange): delay the message another way: for retries,
  // quorum-queue delayed retry (RabbitMQ 4.3: x-delayed-retry-type, x-delayed-retry-min,
  // x-delayed-retry-max); for a fixed delay, a TTL + dead-letter 'wait queue' (publish to a queue
  // with x-message-ttl whose x-dead-letter-exchange is the real exchange); for arbitrary delays, an
  // external scheduler
  await wrapper.publish('delayed', 'k', body, { headers: { 'x-delay': 5000 } });
}
