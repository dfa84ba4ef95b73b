import amqp from 'amqplib';

export async function b(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.assertQueue('payments', { arguments: { 'x-queue-type': 'quorum' } });
  // An explicit classic is not the default: refused against the quorum queue (and the other way round).
  // rabbitmq4-codemod(inconsistent-queue-declaration): declare queue 'ledger' the same way in every
  // place (one shared declaration or the same options) and deploy the change to every service at
  // once; a queue that exists keeps the settings it was made with, so recreate it (drain, delete,
  // redeclare) or move to a new name when its settings change
  await ch.assertQueue('ledger', { arguments: { 'x-queue-type': 'classic' } });
}
