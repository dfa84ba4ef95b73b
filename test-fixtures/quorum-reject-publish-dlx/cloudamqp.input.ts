import { AMQPClient } from '@cloudamqp/amqp-client';

export async function setup(url: string): Promise<void> {
  const conn = await new AMQPClient(url).connect();
  const ch = await conn.channel();
  await ch.queueDeclare('orders', { durable: true }, { 'x-queue-type': 'quorum', 'x-overflow': 'reject-publish-dlx', 'x-max-length': 100, 'x-delivery-limit': 5 });
  // Negative: a classic queue supports reject-publish-dlx.
  await ch.queueDeclare('classic', { durable: true }, { 'x-overflow': 'reject-publish-dlx', 'x-max-length': 100 });
}
