import { AMQPClient, AMQPSession } from '@cloudamqp/amqp-client';

export async function setup(url: string): Promise<void> {
  const conn = await new AMQPClient(url).connect();
  const ch = await conn.channel();
  // Named: durable by default. Server-named: exclusive and auto-delete by default.
  await ch.queueDeclare('jobs');
  await ch.queueDeclare('');
  await ch.queueDeclare();
  await ch.queueDeclare('scratch', { durable: false, exclusive: true });
  await ch.queueDeclare('provisioned', { passive: true });

  const session = await AMQPSession.connect(url);
  await session.queue('emails');
  await session.queue('', { durable: false });
}
