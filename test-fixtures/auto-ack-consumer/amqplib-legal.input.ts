import amqp from 'amqplib';

export async function start(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.prefetch(10);
  await ch.consume('emails', (msg) => { if (msg) ch.ack(msg); });
  await ch.consume('amq.rabbitmq.reply-to', (msg) => console.log(msg), { noAck: true });
}
