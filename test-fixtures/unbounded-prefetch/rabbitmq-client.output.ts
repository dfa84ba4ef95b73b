import { Connection } from 'rabbitmq-client';

const rabbit = new Connection('amqp://localhost');

export function startResize() {
  // rabbitmq4-codemod(unbounded-prefetch): set qos: { prefetchCount: N } in the createConsumer
  // props, with N the number of messages the handler may work on at once (10 to 100 is typical)
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
  // rabbitmq4-codemod(unbounded-prefetch): call ch.basicQos({ prefetchCount: N }) on the channel
  // before basicConsume, with N the number of messages the handler may work on at once (10 to 100
  // is typical)
  await ch.basicConsume({ queue: 'thumbnails' }, async (msg) => {
    await resize(msg.body);
    ch.basicAck({ deliveryTag: msg.deliveryTag });
  });
  // Too late: the consumer above already started without a prefetch.
  await ch.basicQos({ prefetchCount: 10 });
}

declare function resize(body: unknown): Promise<void>;
