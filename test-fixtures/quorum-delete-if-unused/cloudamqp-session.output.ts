import { AMQPSession } from '@cloudamqp/amqp-client';

export async function teardown(url: string): Promise<void> {
  const session = await AMQPSession.connect(url);
  const q = await session.queue('jobs', { durable: true, arguments: { 'x-queue-type': 'quorum', 'x-delivery-limit': 5 } });
  // rabbitmq4-codemod(quorum-delete-if-unused): delete quorum queue 'jobs' without ifEmpty: check
  // first with a passive declare (checkQueue) that messageCount is 0; the check and the delete are
  // not atomic, so a consumer or message that arrives in between goes with the queue
  await q.delete({ ifEmpty: true });
  // Negative: no condition.
  await q.delete();
}
