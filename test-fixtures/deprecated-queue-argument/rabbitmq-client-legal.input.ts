import { Connection } from 'rabbitmq-client';

export async function setup(rabbit: Connection): Promise<void> {
  await rabbit.queueDeclare({
    queue: 'reports',
    durable: true,
    arguments: { 'x-queue-leader-locator': 'balanced' },
  });
}
