import * as Amqp from 'amqp-ts';

const connection = new Amqp.Connection('amqp://localhost');

export function consume() {
  const events = connection.declareQueue('events', { arguments: { 'x-queue-type': 'stream' } });
  events.activateConsumer((message) => {
    console.log(message.getContent());
    message.ack();
  });
}
