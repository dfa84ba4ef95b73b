import amqp from 'amqplib';

// The same queue written two ways the broker sees as one: a promoted option and its x-argument,
// a missing durable (amqplib: true) and durable: true.
export async function a(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.assertQueue('invoices', { messageTtl: 60000, arguments: { 'x-queue-type': 'quorum' } });
}
