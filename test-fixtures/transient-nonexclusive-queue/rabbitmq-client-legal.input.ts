import { Connection } from 'rabbitmq-client';

const rabbit = new Connection('amqp://guest:guest@localhost:5672');

export async function setup(): Promise<void> {
  await rabbit.queueDeclare({ queue: 'jobs', durable: true });
  // A per-connection reply queue: exclusive, so it is not transient-shared.
  await rabbit.queueDeclare({ exclusive: true });
  // Only checks that the queue exists.
  await rabbit.queueDeclare({ queue: 'legacy', passive: true });

  rabbit.createConsumer({
    queue: 'emails',
    queueOptions: { durable: true },
    qos: { prefetchCount: 20 },
  }, async () => {});

  rabbit.createConsumer({
    queue: 'provisioned-elsewhere',
    queueOptions: { passive: true },
    qos: { prefetchCount: 20 },
  }, async () => {});

  rabbit.createPublisher({ confirm: true, queues: [{ queue: 'emails', durable: true }] });
}
