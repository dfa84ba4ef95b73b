import { AMQPClient } from '@cloudamqp/amqp-client';

export async function setup(url: string): Promise<void> {
  const conn = await new AMQPClient(url).connect();
  const ch = await conn.channel();
  await ch.queueDeclare('reports', {}, { 'x-queue-leader-locator': 'client-local' });
}
