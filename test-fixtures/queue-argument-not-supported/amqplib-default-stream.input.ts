import amqp from 'amqplib';

// The default queue type is stream: a stream takes no x-message-ttl, x-max-length or dead-letter exchange.
export async function setup(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.assertQueue('audit-log', { messageTtl: 86400000 });
  await ch.assertQueue('audit-retention', { arguments: { 'x-max-age': '7D' } });
}
