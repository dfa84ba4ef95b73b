import { AMQPClient, AMQPSession } from '@cloudamqp/amqp-client';

export async function connect(url: string) {
  const conn = await new AMQPClient('amqp://rabbit.internal/?frameMax=8192').connect();
  // No frameMax: the library's default is its minimum, 8192.
  const other = await new AMQPClient(url).connect();
  const session = await AMQPSession.connect('amqp://rabbit.internal?frameMax=4096', { frameMax: 16384 });
  return { conn, other, session };
}
