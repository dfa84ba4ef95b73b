import { Connection } from 'rabbitmq-client';

const rabbit = new Connection('amqp://localhost');

// Negatives: ordinary exchanges, headers without x-delay, a routing-key envelope.
export async function setup(): Promise<void> {
  await rabbit.exchangeDeclare({ exchange: 'orders', type: 'topic', durable: true });
  const ch = await rabbit.acquire();
  // rabbitmq4-codemod(unconfirmed-publish): call ch.confirmSelect() on the channel before
  // publishing: basicPublish() then resolves only when the broker confirms the message
  await ch.basicPublish({ exchange: 'orders', routingKey: 'created', headers: { 'x-retry': 1 } }, 'payload');
  // rabbitmq4-codemod(unconfirmed-publish): call ch.confirmSelect() on the channel before
  // publishing: basicPublish() then resolves only when the broker confirms the message
  await ch.basicPublish('jobs', 'payload');
}

export const publisher = rabbit.createPublisher({ confirm: true, exchanges: [{ exchange: 'events', type: 'fanout' }] });
