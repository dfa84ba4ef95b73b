import * as Amqp from 'amqp-ts';

const connection = new Amqp.Connection('amqp://localhost');

export function consume() {
  const orders = connection.declareQueue('orders', { prefetch: 20 });
  orders.activateConsumer((message) => {
    handle(message.getContent());
    message.ack();
  });

  const invoices = connection.declareQueue('invoices');
  invoices.prefetch(10);
  invoices.activateConsumer((message) => {
    handle(message.getContent());
    message.ack();
  });
}

function handle(value: unknown) {
  console.log(value);
}
