import amqp from 'amqplib';

export async function declare(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  // rabbitmq4-codemod(deprecated-queue-argument): replace x-queue-master-locator with
  // x-queue-leader-locator: 'balanced', or better with a queue-leader-locator policy
  await ch.assertQueue('placed', { arguments: { 'x-queue-master-locator': 'min-masters' } });
  // rabbitmq4-codemod(deprecated-queue-argument): remove x-queue-version
  await ch.assertQueue('v1', { durable: true, arguments: { 'x-queue-version': 1 } });
  // rabbitmq4-codemod(deprecated-queue-argument): remove queueMode (x-queue-mode) when the queue is
  // next recreated (removing it from the declaration of an existing queue is refused with 406
  // inequivalent arg 'x-queue-mode')
  await ch.assertQueue('lazy', { queueMode: 'lazy' });
  await ch.assertQueue('v2', { arguments: { 'x-queue-version': 2 } });
}
