import { AMQPClient, AMQPSession } from '@cloudamqp/amqp-client';

export async function startWorkers(url: string): Promise<void> {
  const conn = await new AMQPClient(url).connect();
  const ch = await conn.channel();
  await ch.prefetch(4);
  await ch.basicConsume('resize', { noAck: false }, async (msg) => {
    await resize(msg.body);
    await msg.ack();
  });

  const session = await AMQPSession.connect(url);
  const thumbnails = await session.queue('thumbnails');
  await thumbnails.subscribe({ prefetch: 4 }, async (msg) => {
    await resize(msg.body);
  });
}

declare function resize(body: Uint8Array | null): Promise<void>;
