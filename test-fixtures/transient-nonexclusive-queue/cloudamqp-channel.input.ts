import { AMQPClient } from '@cloudamqp/amqp-client';

export async function setup(url: string): Promise<void> {
  const amqp = new AMQPClient(url);
  const conn = await amqp.connect();
  const ch = await conn.channel();
  // A named queue is durable by default; these turn it off without making the queue exclusive.
  await ch.queueDeclare('jobs', { durable: false });
  await ch.queueDeclare('notifications', { durable: false, autoDelete: true }, { 'x-expires': 60000 });
  // A server-named queue is exclusive by default; this one opts out.
  const { name } = await ch.queueDeclare('', { exclusive: false });
  console.log(`declared ${name}`);
}
