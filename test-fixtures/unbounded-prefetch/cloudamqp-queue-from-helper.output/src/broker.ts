// Helpers that make a channel and hand out a queue object on it (@cloudamqp/amqp-client v2/v3 ch.queue()): its
// consumers run on that channel, with the prefetch the helper sets, or none.
import { AMQPClient } from '@cloudamqp/amqp-client';

const client = new AMQPClient(process.env.AMQP_URL ?? 'amqp://localhost');

export async function queueFor(name: string) {
  const conn = await client.connect();
  const ch = await conn.channel();
  await ch.prefetch(20);
  return ch.queue(name, { durable: true });
}

export async function rawQueue(name: string) {
  const conn = await client.connect();
  const ch = await conn.channel();
  return ch.queue(name, { durable: true });
}
