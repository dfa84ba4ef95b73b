import { AMQPSession } from '@cloudamqp/amqp-client';

// Counts retries in a header of its own: nothing the broker ignores.
export async function start() {
  const session = await AMQPSession.connect('amqp://localhost');
  const q = await session.queue('work');
  await q.subscribe({ prefetch: 10 }, async (msg) => {
    const attempts = Number(msg.properties.headers?.['retry-count'] ?? 0);
    if (attempts >= 5) return;
    await q.publish(msg.body, { headers: { 'retry-count': attempts + 1 } });
  });
}
