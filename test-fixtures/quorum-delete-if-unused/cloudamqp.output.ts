import { AMQPClient } from '@cloudamqp/amqp-client';

export async function teardown(url: string): Promise<void> {
  const conn = await new AMQPClient(url).connect();
  const ch = await conn.channel();
  await ch.queueDeclare('orders', { durable: true }, { 'x-queue-type': 'quorum', 'x-delivery-limit': 5 });
  await ch.queueDeclare('reports', { durable: true });
  // rabbitmq4-codemod(quorum-delete-if-unused): delete quorum queue 'orders' without ifUnused:
  // check first with a passive declare (checkQueue) that consumerCount is 0; the check and the
  // delete are not atomic, so a consumer or message that arrives in between goes with the queue
  await ch.queueDelete('orders', { ifUnused: true });
  await ch.queueDelete('reports', { ifUnused: true });
  await ch.queueDelete('orders');
}
