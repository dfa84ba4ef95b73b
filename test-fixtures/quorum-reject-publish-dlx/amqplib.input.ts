import amqp from 'amqplib';

export async function setup(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.assertQueue('orders', { overflow: 'reject-publish-dlx', maxLength: 1000, deadLetterExchange: 'dlx', arguments: { 'x-queue-type': 'quorum' } });
  await ch.assertQueue('payments', { arguments: { 'x-queue-type': 'quorum', 'x-overflow': 'reject-publish-dlx', 'x-max-length': 10 } });
}
