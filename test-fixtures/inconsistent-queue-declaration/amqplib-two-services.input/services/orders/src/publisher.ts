import amqp from 'amqplib';

// The orders service, already moved to quorum queues.
export async function publisher(url: string) {
  const ch = await (await amqp.connect(url)).createConfirmChannel();
  await ch.assertQueue('orders', { arguments: { 'x-queue-type': 'quorum', 'x-delivery-limit': 5 }, deadLetterExchange: 'orders.dlx' });
  return ch;
}
