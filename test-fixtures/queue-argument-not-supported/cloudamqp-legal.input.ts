import { AMQPClient } from '@cloudamqp/amqp-client';

export async function setup(url: string): Promise<void> {
  const conn = await new AMQPClient(url).connect();
  const ch = await conn.channel();
  await ch.queueDeclare('orders', {}, { 'x-queue-type': 'quorum', 'x-dead-letter-exchange': 'orders.dlx' });
  await ch.queueDeclare('emails', {}, { 'x-max-priority': 10 });
}
