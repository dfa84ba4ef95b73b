import { Connection } from 'rabbitmq-client';

export async function listen(rabbit: Connection): Promise<void> {
  const ch = await rabbit.acquire();
  // A per-process cache-invalidation queue, declared as quorum by copy-paste.
  const { queue } = await ch.queueDeclare({
    queue: `cache.${process.pid}`,
    durable: true,
    exclusive: true,
    arguments: { 'x-queue-type': 'quorum' },
  });
  await ch.queueBind({ queue, exchange: 'cache' });
}
