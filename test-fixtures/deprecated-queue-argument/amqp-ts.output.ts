import * as Amqp from 'amqp-ts';

const connection = new Amqp.Connection('amqp://localhost');

export function declareQueues() {
  // rabbitmq4-codemod(deprecated-queue-argument): remove queueMode (x-queue-mode) when the queue is
  // next recreated (removing it from the declaration of an existing queue is refused with 406
  // inequivalent arg 'x-queue-mode')
  connection.declareQueue('archive', { queueMode: 'lazy' });
  connection.declareQueue('reports', { arguments: { 'x-queue-leader-locator': 'balanced' } });
}
