import { Connection } from 'rabbitmq-client';

export async function setup(rabbit: Connection): Promise<void> {
  await rabbit.queueDeclare({
    queue: 'orders',
    durable: true,
    arguments: { 'x-queue-type': 'quorum', 'x-delivery-limit': 5 },
  });
  await rabbit.queueDeclare({ queue: 'emails', durable: true, arguments: { 'x-max-priority': 10 } });
}
