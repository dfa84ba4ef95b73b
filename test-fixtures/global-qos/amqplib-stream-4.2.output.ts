import amqp from 'amqplib';

export async function start(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.assertQueue('clicks', { arguments: { 'x-queue-type': 'stream' } });
  await ch.prefetch(50);
  await ch.consume('clicks', (msg) => { if (msg) ch.ack(msg); });
}
