import { Connection } from 'rabbitmq-client';

const rabbit = new Connection('amqp://localhost');

export function startTracking() {
  return rabbit.createConsumer({
    queue: 'page-views',
    queueOptions: { durable: true },
    qos: { prefetchCount: 10 },
  }, async (msg) => {
    await store(msg.body);
  });
}

export async function startRaw(): Promise<void> {
  const ch = await rabbit.acquire();
  // rabbitmq4-codemod(auto-ack-consumer): consume with noAck: false, call ch.basicAck({
  // deliveryTag: msg.deliveryTag }) after the handler's work, and call ch.basicQos({ prefetchCount:
  // 10 }) before basicConsume (not rewritten: the handler would have to call ch.basicAck for each
  // message)
  await ch.basicConsume({ queue: 'clicks', noAck: true }, (msg) => {
    console.log(msg.body);
  });
}

declare function store(body: unknown): Promise<void>;
