import amqp from 'amqplib';

export async function b(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.assertQueue('invoices', { durable: true, arguments: { 'x-message-ttl': 60000, 'x-queue-type': 'quorum' } });
  // A passive check compares nothing; x-foo is no argument the broker compares.
  await ch.checkQueue('invoices');
  await ch.assertQueue('audit', { arguments: { 'x-foo': 1 } });
}
