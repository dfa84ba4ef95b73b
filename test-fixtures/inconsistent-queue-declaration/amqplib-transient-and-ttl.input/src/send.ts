import amqp from 'amqplib';

export async function send(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.assertQueue('emails', { durable: true, messageTtl: 60000 });
  ch.sendToQueue('emails', Buffer.from('hi'));
}
