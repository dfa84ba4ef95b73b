import { Connection } from 'rabbitmq-client';

const rabbit = new Connection('amqp://localhost');

export async function startExports(): Promise<void> {
  const ch = await rabbit.acquire();
  await ch.queueDeclare({ queue: 'exports', durable: true });
  await ch.basicQos({ prefetchCount: 20, global: true });
  await ch.basicConsume({ queue: 'exports' }, async (msg) => {
    ch.basicAck({ deliveryTag: msg.deliveryTag });
  });
}

export function startImports() {
  return rabbit.createConsumer({
    queue: 'imports',
    queueOptions: { durable: true },
    qos: {
      prefetchCount: 5,
      global: true,
    },
  }, async () => {});
}
