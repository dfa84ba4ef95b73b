import * as Amqp from 'amqp-ts';

const connection = new Amqp.Connection('amqp://localhost');

export function declareQueues() {
  // Durable by amqplib's default, not exclusive, not auto-delete: a legal quorum queue.
  return connection.declareQueue('payments', {
    arguments: { 'x-queue-type': 'quorum', 'x-delivery-limit': 5 },
    deadLetterExchange: 'payments.dlx',
  });
}
