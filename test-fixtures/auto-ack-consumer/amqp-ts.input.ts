import * as Amqp from 'amqp-ts';

const connection = new Amqp.Connection('amqp://localhost');

export function consume() {
  const metrics = connection.declareQueue('metrics');
  metrics.activateConsumer((message) => {
    record(message.getContent());
  }, { noAck: true });
}

function record(value: unknown) {
  console.log(value);
}
