import * as Amqp from 'amqp-ts';

const connection = new Amqp.Connection('amqp://localhost');

export function declareQueues() {
  connection.declareQueue('archive', { queueMode: 'lazy' });
  connection.declareQueue('reports', { arguments: { 'x-queue-master-locator': 'min-masters' } });
}
