import * as Amqp from 'amqp-ts';

const connection = new Amqp.Connection('amqp://localhost');

export function consume() {
  const clicks = connection.declareQueue('clicks', { prefetch: 50 });
  clicks.activateConsumer((message) => count(message.getContent()), { noAck: true });
}

function count(value: unknown) {
  console.log(value);
}
