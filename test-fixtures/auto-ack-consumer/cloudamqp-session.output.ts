import { AMQPSession } from '@cloudamqp/amqp-client';

export async function start(url: string) {
  const session = await AMQPSession.connect(url);
  const q = await session.queue('page-views');
  // rabbitmq4-codemod(auto-ack-consumer): remove noAck: true from the subscribe params (the library
  // then acknowledges each message after the callback returns, and requeues it if the callback
  // throws) and pass prefetch: 10
  return q.subscribe({ noAck: true }, async (msg) => {
    await store(msg.bodyString());
  });
}

declare function store(body: string | null): Promise<void>;
