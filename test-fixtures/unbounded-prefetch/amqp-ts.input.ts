import * as Amqp from 'amqp-ts';

const connection = new Amqp.Connection('amqp://localhost');

export function consume() {
  const orders = connection.declareQueue('orders');
  orders.activateConsumer((message) => {
    handle(message.getContent());
    message.ack();
  });

  // The queue amqp-ts declares for an exchange consumer has no prefetch either.
  const events = connection.declareExchange('events', 'topic');
  events.activateConsumer((message) => {
    handle(message.getContent());
    message.ack();
  });
}

function handle(value: unknown) {
  console.log(value);
}
