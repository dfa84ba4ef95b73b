import { Connection } from '@droidsolutions-oss/amqp-ts';

const connection = new Connection('amqp://localhost');

export function declareQueues() {
  // amqp-ts passes the options to amqplib: durable defaults to true.
  connection.declareQueue('orders');
  connection.declareQueue('payments', { autoDelete: true });
  // A per-connection queue may be transient when it is exclusive.
  connection.declareQueue('replies', { durable: false, exclusive: true });
  // noCreate only checks that the queue exists (checkQueue): nothing is declared.
  connection.declareQueue('legacy', { durable: false, noCreate: true });
  return connection.declareTopology({
    exchanges: [],
    queues: [{ name: 'audit.log' }, { name: 'audit.tmp', options: { exclusive: true, durable: false } }],
    bindings: [],
  });
}
