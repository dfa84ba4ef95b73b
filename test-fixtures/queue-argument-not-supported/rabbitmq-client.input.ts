import { Connection } from 'rabbitmq-client';

export async function setup(rabbit: Connection): Promise<void> {
  await rabbit.queueDeclare({
    queue: 'orders',
    durable: true,
    arguments: {
      'x-queue-type': 'quorum',
      'x-max-priority': 10,
      'x-delivery-limit': 5,
    },
  });
  // x-delivery-limit is a quorum-queue argument: a classic queue refuses it.
  await rabbit.queueDeclare({ queue: 'emails', durable: true, arguments: { 'x-delivery-limit': 3 } });
}
