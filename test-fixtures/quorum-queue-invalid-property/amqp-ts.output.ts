import * as Amqp from 'amqp-ts';

const connection = new Amqp.Connection('amqp://localhost');

export function declareQueues() {
  const payments = connection.declareQueue('payments', {
    durable: true,
    arguments: { 'x-queue-type': 'quorum', 'x-delivery-limit': 5 },
  });
  const scratch = connection.declareQueue('scratch', { autoDelete: true });
  return [payments, scratch];
}
