import amqp from 'amqplib';

const DURABLE = { durable: true } as const;

export async function declare(url: string) {
  const conn = await amqp.connect(url);
  const ch = await conn.createChannel();
  await ch.assertQueue('defaults');
  await ch.assertQueue('explicit', { durable: true, autoDelete: true });
  await ch.assertQueue('constant', DURABLE);
  await ch.assertQueue('temporary', { durable: false, exclusive: true });
  await ch.assertQueue('', { exclusive: true });
  await ch.checkQueue('maybe-transient');
}
