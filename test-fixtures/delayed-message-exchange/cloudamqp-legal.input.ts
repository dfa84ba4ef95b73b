import { AMQPClient } from '@cloudamqp/amqp-client';

// Negatives: an ordinary exchange; headers without x-delay.
export async function setup(url: string): Promise<void> {
  const conn = await new AMQPClient(url).connect();
  const ch = await conn.channel();
  await ch.exchangeDeclare('orders', 'topic', { durable: true });
  await ch.basicPublish('orders', 'created', 'payload', { headers: { 'x-retry': 1 } });
}
