import { Connection } from 'rabbitmq-client';

const QUORUM = { 'x-queue-type': 'quorum' } as const;

export async function setup(rabbit: Connection): Promise<void> {
  // rabbitmq-client leaves durable off unless it is set: these quorum queues are non-durable.
  await rabbit.queueDeclare({ queue: 'payments', arguments: { 'x-queue-type': 'quorum' } });

  rabbit.createConsumer({
    queue: 'invoices',
    queueOptions: {
      arguments: { 'x-queue-type': 'quorum', 'x-delivery-limit': 5 },
    },
    qos: { prefetchCount: 10 },
  }, async () => {});

  rabbit.createPublisher({
    confirm: true,
    queues: [{ queue: 'refunds', arguments: QUORUM }],
  });
}
