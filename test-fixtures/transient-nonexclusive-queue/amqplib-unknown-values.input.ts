import amqp from 'amqplib';

export async function declare(url: string, durable: boolean) {
  const conn = await amqp.connect(url);
  const ch = await conn.createChannel();
  await ch.assertQueue('from-env', { durable: process.env.QUEUE_DURABLE === 'true' });
  await ch.assertQueue('from-param', { durable });
  await ch.assertQueue('from-call', loadOptions());
}

declare function loadOptions(): { durable: boolean };
