import amqp from 'amqplib';

export async function declare(url: string) {
  const conn = await amqp.connect(url);
  const ch = await conn.createChannel();
  await ch.assertQueue('priority-jobs', {
    arguments: { 'x-queue-type': 'quorum', 'x-delivery-limit': 5 },
  });
  await ch.assertQueue('lazy-quorum', {
    arguments: {
      'x-queue-type': 'quorum',
      'x-dead-letter-exchange': 'dlx',
    },
  });
  await ch.assertQueue('placed', { arguments: { 'x-queue-type': 'quorum', 'x-queue-leader-locator': 'client-local', 'x-delivery-limit': 3 } });
}
