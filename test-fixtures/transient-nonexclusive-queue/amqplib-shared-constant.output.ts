import amqp from 'amqplib';

const TRANSIENT = { durable: true };
const SHARED = { durable: false };

export async function declareAll(url: string) {
  const conn = await amqp.connect(url);
  const ch = await conn.createChannel();
  // Both users of TRANSIENT are refused: the constant itself is fixed.
  await ch.assertQueue('a', TRANSIENT);
  await ch.assertQueue('b', TRANSIENT);
  // SHARED is also used by a legal, exclusive declaration: only annotated.
  // rabbitmq4-codemod(transient-nonexclusive-queue): declare the queue durable: true (add an
  // expires / x-expires TTL if it should disappear when idle), or exclusive: true if only this
  // connection uses it (not rewritten: the value it would change is shared with ch.assertQueue() at
  // amqplib-shared-constant.input.ts:14, which does not need the same change; change it for this
  // declaration only)
  await ch.assertQueue('c', SHARED);
  await ch.assertQueue('d', { ...SHARED, exclusive: true });
}
