import amqp from 'amqplib';

export async function start(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.assertQueue('clicks', { arguments: { 'x-queue-type': 'stream' } });
  await ch.consume('clicks', (msg) => { if (msg) ch.ack(msg); });
  const tail = await (await amqp.connect(url)).createChannel();
  await tail.prefetch(100);
  await tail.consume('clicks', (msg) => console.log(msg), { noAck: true, arguments: { 'x-stream-offset': 'first' } });
}
