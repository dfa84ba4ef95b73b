import { Connection } from 'rabbitmq-client';

const rabbit = new Connection('amqp://localhost');
const publisher = rabbit.createPublisher({
  confirm: true,
  maxAttempts: 3,
  exchanges: [{ exchange: 'orders', type: 'topic', durable: true }],
});

export async function placeOrder(order: { id: string }): Promise<void> {
  await publisher.send({ exchange: 'orders', routingKey: 'order.placed' }, order);
}

export async function startAuditLog() {
  const ch = await rabbit.acquire();
  await ch.confirmSelect();
  return async (entry: object) => {
    await ch.basicPublish({ routingKey: 'audit' }, entry);
  };
}
