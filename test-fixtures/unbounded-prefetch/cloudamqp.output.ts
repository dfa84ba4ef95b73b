import { AMQPClient, AMQPSession } from '@cloudamqp/amqp-client';

export async function startWorkers(url: string): Promise<void> {
  const conn = await new AMQPClient(url).connect();
  const ch = await conn.channel();
  // rabbitmq4-codemod(unbounded-prefetch): call ch.prefetch(N) on the channel before consuming,
  // with N the number of messages the handler may work on at once (10 to 100 is typical)
  await ch.basicConsume('resize', { noAck: false }, async (msg) => {
    await resize(msg.body);
    await msg.ack();
  });

  const session = await AMQPSession.connect(url);
  const thumbnails = await session.queue('thumbnails');
  // rabbitmq4-codemod(unbounded-prefetch): pass prefetch: N in the subscribe params, with N the
  // number of messages the callback may work on at once (10 to 100 is typical)
  await thumbnails.subscribe(async (msg) => {
    await resize(msg.body);
  });
}

declare function resize(body: Uint8Array | null): Promise<void>;
