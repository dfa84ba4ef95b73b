import amqp from 'amqplib';

export async function start(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.prefetch(25);
  await ch.consume('invoices', (msg) => { if (msg) ch.ack(msg); });
}
