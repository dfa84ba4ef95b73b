import amqp from 'amqplib';

export async function declare(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.assertQueue('with-dlx', { deadLetterExchange: 'dlx', arguments: { 'x-queue-type': 'quorum' } });
  await ch.assertQueue('with-limit', { arguments: { 'x-queue-type': 'quorum', 'x-delivery-limit': -1 } });
  await ch.assertQueue('classic');
}
