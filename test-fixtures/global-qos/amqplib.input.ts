import amqp from 'amqplib';

export async function start(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.prefetch(20, true);
  await ch.qos(5, true);
  await ch.consume('jobs', (msg) => { if (msg) ch.ack(msg); });
}
