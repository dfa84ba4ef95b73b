import { AMQPSession } from '@cloudamqp/amqp-client';

export async function start(url: string) {
  const session = await AMQPSession.connect(url);
  const q = await session.queue('page-views');
  return q.subscribe({ noAck: true }, async (msg) => {
    await store(msg.bodyString());
  });
}

declare function store(body: string | null): Promise<void>;
