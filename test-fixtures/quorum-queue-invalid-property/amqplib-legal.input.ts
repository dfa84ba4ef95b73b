import amqp from 'amqplib';

export async function declare(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.assertQueue('orders', { durable: true, arguments: { 'x-queue-type': 'quorum', 'x-delivery-limit': 10 } });
  await ch.assertQueue('invoices', { arguments: { 'x-queue-type': 'quorum', 'x-dead-letter-exchange': 'dlx' } });
}
