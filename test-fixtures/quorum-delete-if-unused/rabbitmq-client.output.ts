import { Connection } from 'rabbitmq-client';

const rabbit = new Connection('amqp://localhost');

export async function teardown(): Promise<void> {
  await rabbit.queueDeclare({ queue: 'orders', durable: true, arguments: { 'x-queue-type': 'quorum', 'x-delivery-limit': 5 } });
  // rabbitmq4-codemod(quorum-delete-if-unused): delete quorum queue 'orders' without ifUnused:
  // check first with a passive declare (checkQueue) that consumerCount is 0; the check and the
  // delete are not atomic, so a consumer or message that arrives in between goes with the queue
  await rabbit.queueDelete({ queue: 'orders', ifUnused: true });
  // rabbitmq4-codemod(quorum-delete-if-unused): delete quorum queue 'orders' without ifEmpty: check
  // first with a passive declare (checkQueue) that messageCount is 0; the check and the delete are
  // not atomic, so a consumer or message that arrives in between goes with the queue
  await rabbit.queueDelete({ queue: 'orders', ifEmpty: true });
  await rabbit.queueDelete('orders');
}
