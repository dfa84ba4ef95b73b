import amqp from 'amqplib';

const QUORUM = {} as const;

export async function declare(url: string) {
  const conn = await amqp.connect(url);
  const ch = await conn.createChannel();
  await ch.assertQueue('session-replies', { exclusive: true });
  await ch.assertQueue('scratch', {
    autoDelete: true,
    arguments: {
      'x-message-ttl': 30000,
    },
  });
  await ch.assertQueue('constant-type', { exclusive: true, arguments: QUORUM });
}
