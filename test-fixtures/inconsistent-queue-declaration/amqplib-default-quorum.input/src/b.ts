import amqp from 'amqplib';

export async function b(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.assertQueue('payments', { arguments: { 'x-queue-type': 'quorum' } });
  // An explicit classic is not the default: refused against the quorum queue (and the other way round).
  await ch.assertQueue('ledger', { arguments: { 'x-queue-type': 'classic' } });
}
