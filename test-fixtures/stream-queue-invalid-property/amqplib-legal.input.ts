import amqp from 'amqplib';

export async function declare(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.assertQueue('events', { durable: true, arguments: { 'x-queue-type': 'stream', 'x-max-age': '7D', 'x-max-length-bytes': 1e9 } });
}
