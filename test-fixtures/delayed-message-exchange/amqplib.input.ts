import amqp from 'amqplib';

const DELAYED = 'x-delayed-message';

export async function setup(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.assertExchange('retry.delayed', 'x-delayed-message', { arguments: { 'x-delayed-type': 'direct' } });
  await ch.assertExchange('later', DELAYED, { durable: true });
  ch.publish('retry.delayed', 'orders', Buffer.from('{}'), { headers: { 'x-delay': 30000 }, persistent: true });
}
