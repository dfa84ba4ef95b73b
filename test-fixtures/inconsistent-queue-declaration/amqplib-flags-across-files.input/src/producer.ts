import amqp from 'amqplib';

export async function produce(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.assertQueue('emails', { messageTtl: 60000 });
  ch.sendToQueue('emails', Buffer.from('hi'));
}
