import amqp from 'amqplib';

export async function start(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.prefetch(50);
  await ch.consume('metrics', (msg) => { if (msg) ch.ack(msg); });
}
