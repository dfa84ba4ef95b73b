import { Connection } from 'rabbitmq-client';

const rabbit = new Connection('amqp://localhost');

export async function setup(): Promise<void> {
  await rabbit.queueDeclare({ queue: 'orders', durable: true, arguments: { 'x-queue-type': 'quorum', 'x-overflow': 'reject-publish-dlx', 'x-max-length': 100, 'x-delivery-limit': 5 } });
  // Negative: reject-publish is what quorum queues support.
  await rabbit.queueDeclare({ queue: 'payments', durable: true, arguments: { 'x-queue-type': 'quorum', 'x-overflow': 'reject-publish', 'x-max-length': 100, 'x-delivery-limit': 5 } });
}
