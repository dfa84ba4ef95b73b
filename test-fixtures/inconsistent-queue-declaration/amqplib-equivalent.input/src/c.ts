import amqp from 'amqplib';

export async function c(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.assertQueue('audit', { arguments: { 'x-foo': 2 } });
}
