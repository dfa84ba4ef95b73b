import * as Amqp from 'amqp-ts';

const connection = new Amqp.Connection('amqp://localhost');

export function consume() {
  // amqp-ts sets the prefetch per consumer (global false): it cannot ask for global QoS.
  const orders = connection.declareQueue('orders');
  orders.prefetch(10);
  orders.activateConsumer((message) => message.ack());
}
