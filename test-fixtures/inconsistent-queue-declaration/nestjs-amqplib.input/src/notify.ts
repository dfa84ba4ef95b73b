import amqp from 'amqplib';

// ...while another service declares it shared: 405 for whichever comes second.
export async function notify(url: string, text: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.assertQueue('notifications', { durable: false });
  ch.sendToQueue('notifications', Buffer.from(text));
}
