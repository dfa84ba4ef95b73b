import amqp from 'amqplib';

// Negatives: classic queues support reject-publish-dlx; quorum queues with reject-publish or drop-head.
export async function setup(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.assertQueue('classic', { overflow: 'reject-publish-dlx', maxLength: 1000 });
  await ch.assertQueue('qq', { overflow: 'reject-publish', maxLength: 1000, arguments: { 'x-queue-type': 'quorum' } });
  await ch.assertQueue('qq-head', { arguments: { 'x-queue-type': 'quorum', 'x-overflow': 'drop-head' } });
}
