import { Connection } from 'rabbitmq-client';

// rabbitmq-client: durable defaults to false. Same queue, other flags.
export function start(rabbit: Connection) {
  return rabbit.createConsumer({ queue: 'thumbnails', queueOptions: { exclusive: false }, qos: { prefetchCount: 2 } }, async () => {});
}
