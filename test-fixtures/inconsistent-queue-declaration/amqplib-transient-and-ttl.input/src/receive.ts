import amqp from 'amqplib';

// Transient (refused by 4.3 on its own) and another TTL: once its fix makes it durable, the TTL still differs.
export async function receive(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.assertQueue('emails', { durable: false, messageTtl: 30000 });
  await ch.prefetch(5);
  await ch.consume('emails', (msg) => msg && ch.ack(msg));
}
