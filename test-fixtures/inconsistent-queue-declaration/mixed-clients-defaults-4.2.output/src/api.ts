import amqp from 'amqplib';

// amqplib: durable defaults to true.
export async function enqueue(url: string, job: unknown) {
  const ch = await (await amqp.connect(url)).createChannel();
  // rabbitmq4-codemod(inconsistent-queue-declaration): declare queue 'thumbnails' the same way in
  // every place (one shared declaration or the same options) and deploy the change to every service
  // at once; a queue that exists keeps the settings it was made with, so recreate it (drain,
  // delete, redeclare) or move to a new name when its settings change
  await ch.assertQueue('thumbnails');
  ch.sendToQueue('thumbnails', Buffer.from(JSON.stringify(job)));
}
