import amqp from 'amqplib';

// A non-durable queue is not typed by the default queue type quorum: it stays classic, and 4.3 refuses it as transient.
export async function setup(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.assertQueue('notifications', { durable: true });
}
