import { Connection } from 'rabbitmq-client';

const rabbit = new Connection('amqp://localhost');

export async function startExports(): Promise<void> {
  const ch = await rabbit.acquire();
  await ch.basicQos({ prefetchCount: 20 });
  await ch.basicConsume({ queue: 'exports' }, async (msg) => {
    ch.basicAck({ deliveryTag: msg.deliveryTag });
  });
  rabbit.createConsumer({
    queue: 'imports',
    queueOptions: { durable: true },
    qos: { prefetchCount: 5, global: false },
  }, async () => {});
}
