import amqp from 'amqplib';

export async function declare(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.assertQueue('metrics', { arguments: { 'x-queue-type': 'stream', 'x-max-age': '1D' } });
}
