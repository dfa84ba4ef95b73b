import amqp from 'amqplib';

export async function teardown(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.assertQueue('orders', { arguments: { 'x-queue-type': 'quorum' } });
  await ch.deleteQueue('orders', { ifUnused: true });
  await ch.deleteQueue('orders', { ifUnused: true, ifEmpty: true });
  await ch.deleteQueue('orders', { ifEmpty: true });
}
