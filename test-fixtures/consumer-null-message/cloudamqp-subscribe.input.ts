import { AMQPSession } from '@cloudamqp/amqp-client';

// v4 subscribe: a broker cancel closes the subscription's consumer; the callback never gets null.
export async function start() {
  const session = await AMQPSession.connect('amqp://localhost');
  const q = await session.queue('clicks');
  await q.subscribe({ prefetch: 10 }, async (msg) => {
    await store(msg.bodyString(), msg.properties.headers);
  });
}

declare function store(body: string | null, headers: unknown): Promise<void>;
