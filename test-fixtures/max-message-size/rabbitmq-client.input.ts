import { Connection } from 'rabbitmq-client';

const rabbit = new Connection('amqp://localhost');
const publisher = rabbit.createPublisher({ confirm: true });

export async function exportAll(): Promise<void> {
  await publisher.send('exports', Buffer.alloc(32 * 1024 * 1024));
  const ch = await rabbit.acquire();
  await ch.confirmSelect();
  await ch.basicPublish({ exchange: 'exports', routingKey: 'csv' }, 'x'.repeat(17 * 1024 * 1024));
  // A small body is fine.
  await ch.basicPublish({ routingKey: 'audit' }, 'exported');
}
