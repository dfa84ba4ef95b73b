import amqp from 'amqplib';

// Negatives: ordinary exchange types, a type only known at run time, and headers without x-delay.
export async function setup(url: string, type: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.assertExchange('orders', 'topic', { durable: true });
  await ch.assertExchange('events', 'direct');
  await ch.assertExchange('dynamic', type);
  ch.publish('orders', 'created', Buffer.from('{}'), { headers: { 'x-retry': 1 } });
  ch.sendToQueue('jobs', Buffer.from('{}'), { persistent: true });
}
