import amqp from 'amqplib';

export async function start(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.prefetch(10);
  await ch.prefetch(10, false);
  await ch.consume('jobs', (msg) => { if (msg) ch.ack(msg); });
}
