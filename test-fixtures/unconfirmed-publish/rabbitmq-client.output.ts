import { Connection } from 'rabbitmq-client';

const rabbit = new Connection('amqp://localhost');
const publisher = rabbit.createPublisher({
  exchanges: [{ exchange: 'orders', type: 'topic', durable: true }],
});

export async function placeOrder(order: { id: string }): Promise<void> {
  // rabbitmq4-codemod(unconfirmed-publish): create the publisher with confirm: true
  // (rabbitmq-client defaults it to false): send() then resolves only when the broker confirms the
  // message
  await publisher.send({ exchange: 'orders', routingKey: 'order.placed' }, order);
}

export async function startAuditLog() {
  const ch = await rabbit.acquire();
  return async (entry: object) => {
    // rabbitmq4-codemod(unconfirmed-publish): call ch.confirmSelect() on the channel before
    // publishing: basicPublish() then resolves only when the broker confirms the message
    await ch.basicPublish({ routingKey: 'audit' }, entry);
  };
}
