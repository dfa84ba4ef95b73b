import * as Amqp from 'amqp-ts';

const connection = new Amqp.Connection('amqp://localhost');

export function declareQueues() {
  const payments = connection.declareQueue('payments', {
    durable: false,
    arguments: { 'x-queue-type': 'quorum', 'x-delivery-limit': 5 },
  });
  const scratch = connection.declareQueue('scratch', { autoDelete: true, arguments: { 'x-queue-type': 'quorum' } });
  return [payments, scratch];
}
