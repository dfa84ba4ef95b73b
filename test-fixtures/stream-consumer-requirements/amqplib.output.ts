import amqp from 'amqplib';

export async function start(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.assertQueue('clicks', { arguments: { 'x-queue-type': 'stream' } });
  // rabbitmq4-codemod(stream-consumer-requirements): call prefetch(N) with N > 0 on the channel
  // before consuming the stream
  await ch.consume('clicks', (msg) => { if (msg) ch.ack(msg); });
  const tail = await (await amqp.connect(url)).createChannel();
  await tail.prefetch(100);
  // rabbitmq4-codemod(stream-consumer-requirements): consume the stream with noAck: false and ack
  // each message (acks are the credit that advances the consumer)
  await tail.consume('clicks', (msg) => console.log(msg), { noAck: true, arguments: { 'x-stream-offset': 'first' } });
}
