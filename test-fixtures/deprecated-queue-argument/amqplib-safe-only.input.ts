import amqp from 'amqplib';

export async function declare(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.assertQueue('placed', { arguments: { 'x-queue-master-locator': 'min-masters' } });
  await ch.assertQueue('v1', { durable: true, arguments: { 'x-queue-version': 1 } });
  await ch.assertQueue('lazy', { queueMode: 'lazy' });
  await ch.assertQueue('v2', { arguments: { 'x-queue-version': 2 } });
}
