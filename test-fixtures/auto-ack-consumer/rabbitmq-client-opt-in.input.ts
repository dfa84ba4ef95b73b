import { Connection } from 'rabbitmq-client';

const rabbit = new Connection('amqp://localhost');

export function startTracking() {
  return rabbit.createConsumer({
    queue: 'page-views',
    queueOptions: { durable: true },
    noAck: true,
  }, async (msg) => {
    await store(msg.body);
  });
}

export async function startRaw(): Promise<void> {
  const ch = await rabbit.acquire();
  await ch.basicConsume({ queue: 'clicks', noAck: true }, (msg) => {
    console.log(msg.body);
  });
}

declare function store(body: unknown): Promise<void>;
