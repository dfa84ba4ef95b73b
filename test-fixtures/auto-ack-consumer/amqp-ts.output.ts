import * as Amqp from 'amqp-ts';

const connection = new Amqp.Connection('amqp://localhost');

export function consume() {
  const metrics = connection.declareQueue('metrics');
  // rabbitmq4-codemod(auto-ack-consumer): consume with noAck: false, call ack(msg) after the
  // handler's work, and set a prefetch (e.g. prefetch(10)) on the channel before consuming
  metrics.activateConsumer((message) => {
    record(message.getContent());
  }, { noAck: true });
}

function record(value: unknown) {
  console.log(value);
}
