import amqp from 'amqplib';

// Negatives: everything at-least-once needs; at-most-once; a classic queue (queue-argument-not-supported's).
export async function setup(url: string, overflow: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.assertQueue('orders', { overflow: 'reject-publish', deadLetterExchange: 'dlx', maxLength: 10000, arguments: { 'x-queue-type': 'quorum', 'x-dead-letter-strategy': 'at-least-once' } });
  await ch.assertQueue('payments', { deadLetterExchange: 'dlx', arguments: { 'x-queue-type': 'quorum', 'x-dead-letter-strategy': 'at-most-once' } });
  await ch.assertQueue('dynamic', { overflow, deadLetterExchange: 'dlx', arguments: { 'x-queue-type': 'quorum', 'x-dead-letter-strategy': 'at-least-once' } });
}
