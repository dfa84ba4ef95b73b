import amqp from 'amqplib';

// The orders service, already moved to quorum queues.
export async function publisher(url: string) {
  const ch = await (await amqp.connect(url)).createConfirmChannel();
  // rabbitmq4-codemod(inconsistent-queue-declaration): declare queue 'orders' the same way in every
  // place (one shared declaration or the same options) and deploy the change to every service at
  // once; a queue that exists keeps the settings it was made with, so recreate it (drain, delete,
  // redeclare) or move to a new name when its settings change
  await ch.assertQueue('orders', { arguments: { 'x-queue-type': 'quorum', 'x-delivery-limit': 5 }, deadLetterExchange: 'orders.dlx' });
  return ch;
}
