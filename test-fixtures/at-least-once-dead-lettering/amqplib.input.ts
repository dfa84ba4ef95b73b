import amqp from 'amqplib';

export async function setup(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  // drop-head by default: falls back to at-most-once
  await ch.assertQueue('orders', { deadLetterExchange: 'dlx', arguments: { 'x-queue-type': 'quorum', 'x-dead-letter-strategy': 'at-least-once' } });
  // no dead-letter exchange: dead lettering is off
  await ch.assertQueue('payments', { overflow: 'reject-publish', arguments: { 'x-queue-type': 'quorum', 'x-dead-letter-strategy': 'at-least-once' } });
  // neither
  await ch.assertQueue('invoices', { arguments: { 'x-queue-type': 'quorum', 'x-dead-letter-strategy': 'at-least-once', 'x-overflow': 'drop-head' } });
}
