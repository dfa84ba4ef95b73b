import amqp from 'amqplib';

export async function start(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.assertQueue('payments', { arguments: { 'x-queue-type': 'quorum', 'x-delivery-limit': 5 } });
  await ch.prefetch(10, true);
  await ch.consume('payments', (msg) => { if (msg) ch.ack(msg); });
}
