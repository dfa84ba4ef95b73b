import * as amqp from 'amqplib';

export async function start(url: string) {
  const conn = await amqp.connect(url);
  const ch = await conn.createChannel();
  await ch.assertQueue('orders', { durable: true });
  return ch;
}
