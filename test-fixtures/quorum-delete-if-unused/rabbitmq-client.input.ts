import { Connection } from 'rabbitmq-client';

const rabbit = new Connection('amqp://localhost');

export async function teardown(): Promise<void> {
  await rabbit.queueDeclare({ queue: 'orders', durable: true, arguments: { 'x-queue-type': 'quorum', 'x-delivery-limit': 5 } });
  await rabbit.queueDelete({ queue: 'orders', ifUnused: true });
  await rabbit.queueDelete({ queue: 'orders', ifEmpty: true });
  await rabbit.queueDelete('orders');
}
