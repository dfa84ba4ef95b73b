import amqp from 'amqplib';

export async function setup(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  const { queue } = await ch.assertQueue('', { exclusive: true });
  await ch.bindQueue(queue, 'replies', 'rpc.#');
  await ch.bindQueue('orders', 'events', 'order.*');
}
