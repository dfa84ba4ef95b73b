import { AMQPClient, AMQPSession } from '@cloudamqp/amqp-client';

export async function connect() {
  // The AMQPClient constructor throws "frameMax must be 8192 or larger" for this URL.
  const client = new AMQPClient('amqp://guest:guest@rabbit.internal:5672/?frameMax=8192');
  const conn = await client.connect();
  // The frameMax option overrides the URL, and 0 is below the library's minimum too.
  const session = await AMQPSession.connect('amqp://rabbit.internal?frameMax=131072', { frameMax: 8192 });
  return { conn, session };
}
