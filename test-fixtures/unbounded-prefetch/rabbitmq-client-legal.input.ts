import { Connection } from 'rabbitmq-client';

const rabbit = new Connection('amqp://localhost');

export function startResize() {
  return rabbit.createConsumer({
    queue: 'resize-images',
    queueOptions: { durable: true },
    qos: { prefetchCount: 4 },
    concurrency: 4,
  }, async (msg) => {
    await resize(msg.body);
  });
}

export async function startThumbnails(): Promise<void> {
  const ch = await rabbit.acquire();
  await ch.basicQos({ prefetchCount: 10 });
  await ch.basicConsume({ queue: 'thumbnails' }, async (msg) => {
    await resize(msg.body);
    ch.basicAck({ deliveryTag: msg.deliveryTag });
  });
}

declare function resize(body: unknown): Promise<void>;
