import amqp from 'amqplib';

// ...while another service declares it shared: 405 for whichever comes second.
export async function notify(url: string, text: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  // rabbitmq4-codemod(inconsistent-queue-declaration): declare queue 'notifications' the same way
  // in every place (one shared declaration or the same options) and deploy the change to every
  // service at once; a queue that exists keeps the settings it was made with, so recreate it
  // (drain, delete, redeclare) or move to a new name when its settings change
  await ch.assertQueue('notifications', { durable: true });
  ch.sendToQueue('notifications', Buffer.from(text));
}
