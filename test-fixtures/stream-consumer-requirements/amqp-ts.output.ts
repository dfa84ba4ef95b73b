import * as Amqp from 'amqp-ts';

const connection = new Amqp.Connection('amqp://localhost');

export function consume() {
  const events = connection.declareQueue('events', { arguments: { 'x-queue-type': 'stream' } });
  // rabbitmq4-codemod(stream-consumer-requirements): call prefetch(N) with N > 0 on the channel
  // before consuming the stream
  events.activateConsumer((message) => {
    console.log(message.getContent());
    message.ack();
  });
}
