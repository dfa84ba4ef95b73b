import amqp from 'amqplib';

// Only the vhost 'orders' has the default queue type quorum (options: {"orders": "quorum", "*": "classic"}).
export async function setup() {
  const orders = await (await amqp.connect('amqp://broker:5672/orders')).createChannel();
  await orders.assertQueue('orders.priority', { maxPriority: 5 });
  const legacy = await (await amqp.connect('amqp://broker:5672/legacy')).createChannel();
  await legacy.assertQueue('legacy.priority', { maxPriority: 5 });
  const root = await (await amqp.connect('amqp://broker:5672')).createChannel();
  await root.assertQueue('root.priority', { maxPriority: 5 });
}
