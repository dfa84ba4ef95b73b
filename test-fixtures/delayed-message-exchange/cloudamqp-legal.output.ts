import { AMQPClient } from '@cloudamqp/amqp-client';

// Negatives: an ordinary exchange; headers without x-delay.
export async function setup(url: string): Promise<void> {
  const conn = await new AMQPClient(url).connect();
  const ch = await conn.channel();
  await ch.exchangeDeclare('orders', 'topic', { durable: true });
  // rabbitmq4-codemod(unconfirmed-publish): call ch.confirmSelect() on the channel before
  // publishing: basicPublish() then resolves only when the broker confirms the message
  await ch.basicPublish('orders', 'created', 'payload', { headers: { 'x-retry': 1 } });
}
