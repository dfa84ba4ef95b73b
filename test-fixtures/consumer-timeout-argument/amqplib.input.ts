import amqp from 'amqplib';

export async function start(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.assertQueue('reports', { durable: true });
  await ch.assertQueue('audit', { arguments: { 'x-queue-type': 'stream' } });
  await ch.prefetch(10);
  await ch.consume('reports', (msg) => { if (msg) ch.ack(msg); }, { arguments: { 'x-consumer-timeout': 3600000 } });
  await ch.consume('audit', (msg) => { if (msg) ch.ack(msg); }, { arguments: { 'x-consumer-timeout': 600000, 'x-stream-offset': 'first' } });
}
