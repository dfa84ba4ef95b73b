import { Connection } from 'rabbitmq-client';

export async function setup(rabbit: Connection): Promise<void> {
  await rabbit.queueDeclare({
    queue: 'reports',
    durable: true,
    arguments: { 'x-queue-master-locator': 'min-masters' },
  });
  await rabbit.queueDeclare({ queue: 'archive', durable: true, arguments: { 'x-queue-mode': 'lazy' } });
}
