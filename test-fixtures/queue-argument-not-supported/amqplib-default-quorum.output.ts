import amqp from 'amqplib';

// The vhost's default queue type is quorum (options: defaultQueueType quorum): every durable,
// non-exclusive, non-auto-delete declaration without x-queue-type becomes a quorum queue.
export async function setup(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  // Refused: quorum queues take no x-max-priority (the rewrite removes it: quorum queues have priorities).
  await ch.assertQueue('jobs', {});
  // Refused: x-queue-mode and x-queue-version are classic-only (removed: no effect on 4.x).
  await ch.assertQueue('lazy-jobs', {});
  // Refused: x-max-age is a stream's; the type is for a human to decide.
  // rabbitmq4-codemod(queue-argument-not-supported): decide the queue's type: x-queue-type:
  // 'classic' keeps it a classic queue as it is today, or remove x-max-age (a quorum queue does not
  // accept it) to let it become a quorum queue
  await ch.assertQueue('events', { arguments: { 'x-max-age': '7D' } });
  // Fine: exclusive and auto-delete queues fall back to classic, an explicit classic stays classic.
  await ch.assertQueue('rpc.replies', { exclusive: true, maxPriority: 10 });
  await ch.assertQueue('scratch', { autoDelete: true, maxPriority: 10 });
  await ch.assertQueue('reports', { maxPriority: 10, arguments: { 'x-queue-type': 'classic' } });
  // Fine: quorum takes these.
  await ch.assertQueue('orders', { messageTtl: 60000, deadLetterExchange: 'orders.dlx', maxLength: 1000 });
}
