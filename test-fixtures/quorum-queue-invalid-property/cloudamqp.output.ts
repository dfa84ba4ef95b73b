import { AMQPClient } from '@cloudamqp/amqp-client';

export async function setup(url: string): Promise<void> {
  const conn = await new AMQPClient(url).connect();
  const ch = await conn.channel();
  await ch.queueDeclare('payments', { durable: true }, { 'x-queue-type': 'quorum' });
  // Server-named queues are exclusive and auto-delete by default: a quorum queue cannot be either.
  const { name } = await ch.queueDeclare('', {});
  await ch.queueBind(name, 'payments', '#');
}
