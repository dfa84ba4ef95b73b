import amqp from 'amqplib';

// Negatives: a classic queue may be deleted with the flags; a quorum queue without them or with them false;
// a queue whose type the project does not declare.
export async function teardown(url: string, name: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.assertQueue('classic', { durable: true });
  await ch.assertQueue('orders', { arguments: { 'x-queue-type': 'quorum' } });
  await ch.deleteQueue('classic', { ifUnused: true, ifEmpty: true });
  await ch.deleteQueue('orders');
  await ch.deleteQueue('orders', { ifUnused: false });
  await ch.deleteQueue('elsewhere', { ifUnused: true });
  await ch.deleteQueue(name, { ifEmpty: true });
}
