import type { AsyncMessage, Connection, Consumer } from 'rabbitmq-client';
import type { ResolvedConsumerOptions } from './options.js';

// A consumer object: its queue is named when it starts, its prefetch when it is made.
export function createConsumer(connection: Connection, opts: ResolvedConsumerOptions) {
  let consumer: Consumer | undefined;
  return {
    async start(queue: string, handle: (msg: AsyncMessage) => Promise<void>) {
      consumer = connection.createConsumer(
        {
          queue,
          queueOptions: { durable: true },
          qos: { prefetchCount: opts.prefetch },
          ...(opts.concurrency !== undefined ? { concurrency: opts.concurrency } : {}),
        },
        async (msg) => {
          await handle(msg);
        },
      );
    },
    async stop() {
      await consumer?.close();
    },
  };
}
