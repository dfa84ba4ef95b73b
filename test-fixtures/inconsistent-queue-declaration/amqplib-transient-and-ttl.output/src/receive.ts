import amqp from 'amqplib';

// Transient (refused by 4.3 on its own) and another TTL: once its fix makes it durable, the TTL still differs.
export async function receive(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  // rabbitmq4-codemod(inconsistent-queue-declaration): declare queue 'emails' the same way in every
  // place (one shared declaration or the same options) and deploy the change to every service at
  // once; a queue that exists keeps the settings it was made with, so recreate it (drain, delete,
  // redeclare) or move to a new name when its settings change
  await ch.assertQueue('emails', { durable: true, messageTtl: 30000 });
  await ch.prefetch(5);
  await ch.consume('emails', (msg) => msg && ch.ack(msg));
}
