import { AMQPSession } from '@cloudamqp/amqp-client';

export async function teardown(url: string): Promise<void> {
  const session = await AMQPSession.connect(url);
  const q = await session.queue('jobs', { durable: true, arguments: { 'x-queue-type': 'quorum', 'x-delivery-limit': 5 } });
  await q.delete({ ifEmpty: true });
  // Negative: no condition.
  await q.delete();
}
