import amqp from 'amqplib';

export async function subscribe(url: string, exchange: string) {
  const conn = await amqp.connect(url);
  const ch = await conn.createChannel();
  const { queue } = await ch.assertQueue('', { durable: false });
  await ch.bindQueue(queue, exchange, '#');
  const other = await ch.assertQueue('', {});
  return [queue, other.queue];
}
