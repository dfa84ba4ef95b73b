import { AMQPClient } from '@cloudamqp/amqp-client';

export async function teardown(url: string): Promise<void> {
  const conn = await new AMQPClient(url).connect();
  const ch = await conn.channel();
  await ch.queueDeclare('orders', { durable: true }, { 'x-queue-type': 'quorum', 'x-delivery-limit': 5 });
  await ch.queueDeclare('reports', { durable: true });
  await ch.queueDelete('orders', { ifUnused: true });
  await ch.queueDelete('reports', { ifUnused: true });
  await ch.queueDelete('orders');
}
