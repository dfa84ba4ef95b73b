import amqp from 'amqplib';

// The orders service's topology, as it ran on classic queues.
export async function topology(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.assertQueue('orders', { deadLetterExchange: 'orders.dlx' });
  await ch.assertQueue('orders.priority', { maxPriority: 10, deadLetterExchange: 'orders.dlx' });
  await ch.assertQueue('orders.lazy', { arguments: { 'x-queue-mode': 'lazy', 'x-delivery-limit': 10 } });
  await ch.assertQueue('orders.placement', { arguments: { 'x-queue-master-locator': 'min-masters', 'x-delivery-limit': 10 } });
  await ch.assertQueue('orders.history', { arguments: { 'x-max-age': '7D' } });
  await ch.assertQueue('ledger', { arguments: { 'x-queue-type': 'quorum', 'x-delivery-limit': 5 }, deadLetterExchange: 'ledger.dlx' });
  await ch.assertQueue('reports', { maxPriority: 5, arguments: { 'x-queue-type': 'classic' } });
  const { queue } = await ch.assertQueue('');
  await ch.bindQueue(queue, 'orders.events', '#');
  return ch;
}
