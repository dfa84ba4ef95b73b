import { AMQPClient } from '@cloudamqp/amqp-client';

export async function setup(url: string): Promise<void> {
  const conn = await new AMQPClient(url).connect();
  const ch = await conn.channel();
  await ch.exchangeDeclare('delayed', 'x-delayed-message', { durable: true }, { 'x-delayed-type': 'direct' });
  await ch.basicPublish('delayed', 'jobs', 'payload', { headers: { 'x-delay': 1500 } });
}
