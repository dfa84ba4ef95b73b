import amqp from 'amqplib';

// amqplib: durable defaults to true.
export async function enqueue(url: string, job: unknown) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.assertQueue('thumbnails');
  ch.sendToQueue('thumbnails', Buffer.from(JSON.stringify(job)));
}
