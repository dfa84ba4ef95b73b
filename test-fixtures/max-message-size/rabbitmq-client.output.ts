import { Connection } from 'rabbitmq-client';

const rabbit = new Connection('amqp://localhost');
const publisher = rabbit.createPublisher({ confirm: true });

export async function exportAll(): Promise<void> {
  // rabbitmq4-codemod(max-message-size): keep bodies under 16 MiB (store the payload elsewhere and
  // publish a reference to it, or split it into several messages), or have the operators raise
  // max_message_size in rabbitmq.conf to at least 33554432 (at most 536870912)
  await publisher.send('exports', Buffer.alloc(32 * 1024 * 1024));
  const ch = await rabbit.acquire();
  await ch.confirmSelect();
  // rabbitmq4-codemod(max-message-size): keep bodies under 16 MiB (store the payload elsewhere and
  // publish a reference to it, or split it into several messages), or have the operators raise
  // max_message_size in rabbitmq.conf to at least 17825792 (at most 536870912)
  await ch.basicPublish({ exchange: 'exports', routingKey: 'csv' }, 'x'.repeat(17 * 1024 * 1024));
  // A small body is fine.
  await ch.basicPublish({ routingKey: 'audit' }, 'exported');
}
