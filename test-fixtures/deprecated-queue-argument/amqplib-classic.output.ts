import amqp from 'amqplib';

export async function declare(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.assertQueue('placed', { arguments: { 'x-queue-leader-locator': 'balanced' } });
  await ch.assertQueue('v1', { durable: true });
  await ch.assertQueue('lazy', {});
  await ch.assertQueue('v2', { arguments: { 'x-queue-version': 2 } });
}
