import * as Amqp from 'amqp-ts';

const connection = new Amqp.Connection('amqp://localhost');

export function consume() {
  const clicks = connection.declareQueue('clicks', { prefetch: 50 });
  // rabbitmq4-codemod(auto-ack-consumer): consume with noAck: false, call ack(msg) after the
  // handler's work, and set a prefetch (e.g. prefetch(10)) on the channel before consuming
  clicks.activateConsumer((message) => count(message.getContent()), { noAck: true });
}

function count(value: unknown) {
  console.log(value);
}
