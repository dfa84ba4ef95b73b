import amqp from 'amqplib';

const TRANSIENT = { durable: false };
const SHARED = { durable: false };

export async function declareAll(url: string) {
  const conn = await amqp.connect(url);
  const ch = await conn.createChannel();
  // Both users of TRANSIENT are refused: the constant itself is fixed.
  await ch.assertQueue('a', TRANSIENT);
  await ch.assertQueue('b', TRANSIENT);
  // SHARED is also used by a legal, exclusive declaration: only annotated.
  await ch.assertQueue('c', SHARED);
  await ch.assertQueue('d', { ...SHARED, exclusive: true });
}
