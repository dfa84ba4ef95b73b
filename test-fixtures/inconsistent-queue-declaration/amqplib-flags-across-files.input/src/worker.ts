import amqp from 'amqplib';

export async function work(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  // Another TTL, and auto-delete: whichever starts second is refused.
  await ch.assertQueue('emails', { messageTtl: 30000, autoDelete: true });
  await ch.prefetch(5);
  await ch.consume('emails', (msg) => msg && ch.ack(msg));
}
