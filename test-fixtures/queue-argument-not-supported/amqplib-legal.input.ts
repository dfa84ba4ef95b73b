import amqp from 'amqplib';

export async function declare(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.assertQueue('classic-priority', { maxPriority: 10, arguments: { 'x-ha-policy': 'all' } });
  await ch.assertQueue('quorum-limits', { arguments: { 'x-queue-type': 'quorum', 'x-delivery-limit': 5, 'x-max-length': 100, 'x-overflow': 'reject-publish' } });
}
