import amqp from 'amqplib';

export async function teardown(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.assertQueue('orders', { arguments: { 'x-queue-type': 'quorum' } });
  // rabbitmq4-codemod(quorum-delete-if-unused): delete quorum queue 'orders' without ifUnused:
  // check first with a passive declare (checkQueue) that consumerCount is 0; the check and the
  // delete are not atomic, so a consumer or message that arrives in between goes with the queue
  await ch.deleteQueue('orders', { ifUnused: true });
  // rabbitmq4-codemod(quorum-delete-if-unused): delete quorum queue 'orders' without ifUnused and
  // ifEmpty: check first with a passive declare (checkQueue) that consumerCount is 0 and
  // messageCount is 0; the check and the delete are not atomic, so a consumer or message that
  // arrives in between goes with the queue
  await ch.deleteQueue('orders', { ifUnused: true, ifEmpty: true });
  // rabbitmq4-codemod(quorum-delete-if-unused): delete quorum queue 'orders' without ifEmpty: check
  // first with a passive declare (checkQueue) that messageCount is 0; the check and the delete are
  // not atomic, so a consumer or message that arrives in between goes with the queue
  await ch.deleteQueue('orders', { ifEmpty: true });
}
