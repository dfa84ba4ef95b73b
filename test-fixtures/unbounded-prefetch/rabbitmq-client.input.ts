import { Connection } from 'rabbitmq-client';

const rabbit = new Connection('amqp://localhost');

export function startResize() {
  return rabbit.createConsumer({
    queue: 'resize-images',
    queueOptions: { durable: true },
    concurrency: 4,
  }, async (msg) => {
    await resize(msg.body);
  });
}

export async function startThumbnails(): Promise<void> {
  const ch = await rabbit.acquire();
  await ch.basicConsume({ queue: 'thumbnails' }, async (msg) => {
    await resize(msg.body);
    ch.basicAck({ deliveryTag: msg.deliveryTag });
  });
  // Too late: the consumer above already started without a prefetch.
  await ch.basicQos({ prefetchCount: 10 });
}

declare function resize(body: unknown): Promise<void>;
