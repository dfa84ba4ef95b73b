import amqp from 'amqplib';

// Under the default queue type quorum, no x-queue-type is quorum: the same as an explicit quorum.
export async function a(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.assertQueue('payments');
  // rabbitmq4-codemod(inconsistent-queue-declaration): declare queue 'ledger' the same way in every
  // place (one shared declaration or the same options) and deploy the change to every service at
  // once; a queue that exists keeps the settings it was made with, so recreate it (drain, delete,
  // redeclare) or move to a new name when its settings change
  await ch.assertQueue('ledger');
}
