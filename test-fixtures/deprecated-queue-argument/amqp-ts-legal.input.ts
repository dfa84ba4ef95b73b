import * as Amqp from 'amqp-ts';

const connection = new Amqp.Connection('amqp://localhost');

export function declareQueues() {
  connection.declareQueue('archive', { maxLength: 100000 });
  connection.declareQueue('reports', { arguments: { 'x-queue-leader-locator': 'balanced' } });
}
