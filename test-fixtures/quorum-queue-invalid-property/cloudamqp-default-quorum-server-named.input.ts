import { AMQPClient } from '@cloudamqp/amqp-client';

// @cloudamqp/amqp-client makes a server-named queue exclusive and auto-delete by default: it stays classic
// under the default queue type quorum. A named queue is durable: quorum.
export async function setup() {
  const conn = await new AMQPClient('amqp://localhost').connect();
  const ch = await conn.channel();
  const tmp = await ch.queue('');
  const work = await ch.queue('work', { durable: true }, { 'x-max-priority': 5 });
  return [tmp, work];
}
