import amqp from 'amqplib';

// The billing service consumes 'orders', declared its own way.
export async function consume(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.assertQueue('orders', { deadLetterExchange: 'orders.dlx', messageTtl: 86400000 });
  await ch.prefetch(20);
  await ch.consume('orders', (msg) => msg && ch.ack(msg));
}
