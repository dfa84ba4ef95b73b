import amqp from 'amqplib';

export async function work(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  // Another TTL, and auto-delete: whichever starts second is refused.
  // rabbitmq4-codemod(inconsistent-queue-declaration): declare queue 'emails' the same way in every
  // place (one shared declaration or the same options) and deploy the change to every service at
  // once; a queue that exists keeps the settings it was made with, so recreate it (drain, delete,
  // redeclare) or move to a new name when its settings change
  await ch.assertQueue('emails', { messageTtl: 30000, autoDelete: true });
  await ch.prefetch(5);
  await ch.consume('emails', (msg) => msg && ch.ack(msg));
}
