import { Connection } from 'rabbitmq-client';

const rabbit = new Connection('amqp://localhost');

export async function setup(): Promise<void> {
  // rabbitmq4-codemod(quorum-reject-publish-dlx): use x-overflow: 'reject-publish' and publish with
  // publisher confirms, re-routing nacked messages in the publisher; an existing queue refuses the
  // changed argument (406 inequivalent arg 'x-overflow'), so delete and recreate it (or move to a
  // new queue name) when deploying the change
  await rabbit.queueDeclare({ queue: 'orders', durable: true, arguments: { 'x-queue-type': 'quorum', 'x-overflow': 'reject-publish-dlx', 'x-max-length': 100, 'x-delivery-limit': 5 } });
  // Negative: reject-publish is what quorum queues support.
  await rabbit.queueDeclare({ queue: 'payments', durable: true, arguments: { 'x-queue-type': 'quorum', 'x-overflow': 'reject-publish', 'x-max-length': 100, 'x-delivery-limit': 5 } });
}
