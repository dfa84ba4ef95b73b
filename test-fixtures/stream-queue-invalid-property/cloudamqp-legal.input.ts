import { AMQPClient } from '@cloudamqp/amqp-client';

export async function setup(url: string): Promise<void> {
  const conn = await new AMQPClient(url).connect();
  const ch = await conn.channel();
  await ch.queueDeclare('clickstream', {}, { 'x-queue-type': 'stream', 'x-max-age': '1D' });
  await ch.queueDeclare('ticks', { durable: true }, { 'x-queue-type': 'stream' });
}
