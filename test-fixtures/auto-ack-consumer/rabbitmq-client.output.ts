import { Connection } from 'rabbitmq-client';

const rabbit = new Connection('amqp://localhost');

export function startTracking() {
  // rabbitmq4-codemod(auto-ack-consumer): remove noAck: true from the createConsumer props
  // (rabbitmq-client then acknowledges each message when the handler resolves, and requeues it when
  // the handler throws) and set qos: { prefetchCount: 10 }
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
  // rabbitmq4-codemod(auto-ack-consumer): consume with noAck: false, call ch.basicAck({
  // deliveryTag: msg.deliveryTag }) after the handler's work, and call ch.basicQos({ prefetchCount:
  // 10 }) before basicConsume
  await ch.basicConsume({ queue: 'clicks', noAck: true }, (msg) => {
    console.log(msg.body);
  });
}

declare function store(body: unknown): Promise<void>;
