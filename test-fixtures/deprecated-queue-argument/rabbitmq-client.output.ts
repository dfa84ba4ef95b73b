import { Connection } from 'rabbitmq-client';

export async function setup(rabbit: Connection): Promise<void> {
  await rabbit.queueDeclare({
    queue: 'reports',
    durable: true,
    arguments: { 'x-queue-leader-locator': 'balanced' },
  });
  // rabbitmq4-codemod(deprecated-queue-argument): remove x-queue-mode when the queue is next
  // recreated (removing it from the declaration of an existing queue is refused with 406
  // inequivalent arg 'x-queue-mode')
  await rabbit.queueDeclare({ queue: 'archive', durable: true, arguments: { 'x-queue-mode': 'lazy' } });
}
