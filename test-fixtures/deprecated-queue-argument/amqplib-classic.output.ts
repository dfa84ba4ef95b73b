import amqp from 'amqplib';

export async function declare(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.assertQueue('placed', { arguments: { 'x-queue-leader-locator': 'balanced' } });
  await ch.assertQueue('v1', { durable: true });
  // rabbitmq4-codemod(deprecated-queue-argument): remove queueMode (x-queue-mode) when the queue is
  // next recreated (removing it from the declaration of an existing queue is refused with 406
  // inequivalent arg 'x-queue-mode')
  await ch.assertQueue('lazy', { queueMode: 'lazy' });
  await ch.assertQueue('v2', { arguments: { 'x-queue-version': 2 } });
}
