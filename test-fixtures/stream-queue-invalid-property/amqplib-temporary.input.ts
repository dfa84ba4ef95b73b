import amqp from 'amqplib';

export async function declare(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.assertQueue('tail', {
    exclusive: true,
    arguments: { 'x-queue-type': 'stream', 'x-max-age': '1h' },
  });
  await ch.assertQueue('audit-log', { durable: false, arguments: { 'x-queue-type': 'stream' } });
}
