import { Connection } from 'rabbitmq-client';

// rabbitmq-client: durable defaults to false. Same queue, other flags (before 4.3 the broker still makes the
// transient queue, so whichever of the two starts second is refused).
export function start(rabbit: Connection) {
  return rabbit.createConsumer({ queue: 'thumbnails', queueOptions: { exclusive: false }, qos: { prefetchCount: 2 } }, async () => {});
}
