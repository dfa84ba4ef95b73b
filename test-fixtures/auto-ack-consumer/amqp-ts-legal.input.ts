import * as Amqp from 'amqp-ts';

const connection = new Amqp.Connection('amqp://localhost');

export function consume() {
  // activateConsumer consumes with noAck false and leaves the ack to message.ack().
  const orders = connection.declareQueue('orders', { prefetch: 10 });
  orders.activateConsumer((message) => {
    handle(message.getContent());
    message.ack();
  });
  // startConsumer (deprecated) consumes with noAck false too, and acks after the handler.
  const legacy = connection.declareQueue('legacy', { prefetch: 5 });
  legacy.startConsumer((content) => handle(content));
}

function handle(value: unknown) {
  console.log(value);
}
