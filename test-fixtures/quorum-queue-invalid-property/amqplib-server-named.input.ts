import amqp from 'amqplib';

export async function declare(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  const { queue } = await ch.assertQueue('', { arguments: { 'x-queue-type': 'quorum', 'x-delivery-limit': 3 } });
  return queue;
}
