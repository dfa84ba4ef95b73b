import { Connection } from 'rabbitmq-client';

const rabbit = new Connection('amqp://localhost');
const publisher = rabbit.createPublisher({
  exchanges: [{ exchange: 'orders', type: 'topic', durable: true }],
});

export async function placeOrder(order: { id: string }): Promise<void> {
  await publisher.send({ exchange: 'orders', routingKey: 'order.placed' }, order);
}

export async function startAuditLog() {
  const ch = await rabbit.acquire();
  return async (entry: object) => {
    await ch.basicPublish({ routingKey: 'audit' }, entry);
  };
}
