import amqp from 'amqplib';

// Under the default queue type quorum, a server-named queue with amqplib's defaults (durable, not exclusive)
// becomes a quorum queue, which cannot be server-named.
export async function subscribe(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  const { queue } = await ch.assertQueue('');
  await ch.bindQueue(queue, 'events', '#');
  // Fine: an exclusive server-named queue falls back to classic.
  const replies = await ch.assertQueue('', { exclusive: true });
  return [queue, replies.queue];
}
