import amqp from 'amqplib';

// Under the default queue type quorum, no x-queue-type is quorum: the same as an explicit quorum.
export async function a(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.assertQueue('payments');
  await ch.assertQueue('ledger');
}
