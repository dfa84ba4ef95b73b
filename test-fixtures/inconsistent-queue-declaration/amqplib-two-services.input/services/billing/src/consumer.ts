import amqp from 'amqplib';

// The billing service still declares the queue it consumes as the classic queue it was.
export async function consume(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.assertQueue('orders', { deadLetterExchange: 'orders.dlx' });
  await ch.prefetch(10);
  await ch.consume('orders', (msg) => msg && ch.ack(msg));
}
