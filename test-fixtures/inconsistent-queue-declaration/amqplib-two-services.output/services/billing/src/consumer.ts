import amqp from 'amqplib';

// The billing service still declares the queue it consumes as the classic queue it was.
export async function consume(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  // rabbitmq4-codemod(inconsistent-queue-declaration): declare queue 'orders' the same way in every
  // place (one shared declaration or the same options) and deploy the change to every service at
  // once; a queue that exists keeps the settings it was made with, so recreate it (drain, delete,
  // redeclare) or move to a new name when its settings change
  await ch.assertQueue('orders', { deadLetterExchange: 'orders.dlx' });
  await ch.prefetch(10);
  await ch.consume('orders', (msg) => msg && ch.ack(msg));
}
