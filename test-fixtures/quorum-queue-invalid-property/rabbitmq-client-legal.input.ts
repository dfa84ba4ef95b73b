import { Connection } from 'rabbitmq-client';

export async function setup(rabbit: Connection): Promise<void> {
  await rabbit.queueDeclare({
    queue: 'payments',
    durable: true,
    arguments: { 'x-queue-type': 'quorum', 'x-delivery-limit': 10 },
  });
  rabbit.createConsumer({
    queue: 'invoices',
    queueOptions: { durable: true, arguments: { 'x-queue-type': 'quorum', 'x-dead-letter-exchange': 'dlx' } },
    qos: { prefetchCount: 10 },
  }, async () => {});
}
