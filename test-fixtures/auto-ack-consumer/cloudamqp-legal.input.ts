import { AMQPClient, AMQPSession } from '@cloudamqp/amqp-client';

export async function startWorkers(url: string): Promise<void> {
  const conn = await new AMQPClient(url).connect();
  const ch = await conn.channel();
  await ch.prefetch(10);
  await ch.basicConsume('invoices', { noAck: false }, async (msg) => {
    console.log(msg.bodyString());
    await msg.ack();
  });

  // v4: the library acknowledges after the callback returns (noAck is false on the wire).
  const session = await AMQPSession.connect(url);
  const q = await session.queue('page-views');
  await q.subscribe({ prefetch: 20 }, async (msg) => {
    console.log(msg.bodyString());
  });
}
