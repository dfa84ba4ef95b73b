import { Connection } from 'rabbitmq-client';

// rabbitmq-client: durable defaults to false. Same queue, other flags, but 4.3 refuses this transient declaration on
// its own (transient-nonexclusive-queue): its fix, durable: true, is what amqplib declares by default.
export function start(rabbit: Connection) {
  return rabbit.createConsumer({ queue: 'thumbnails', queueOptions: { exclusive: false, durable: true }, qos: { prefetchCount: 2 } }, async () => {});
}
