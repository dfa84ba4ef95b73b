import { Connection } from 'rabbitmq-client';

// rabbitmq-client: durable defaults to false. Same queue, other flags (before 4.3 the broker still makes the
// transient queue, so whichever of the two starts second is refused).
export function start(rabbit: Connection) {
  // rabbitmq4-codemod(inconsistent-queue-declaration): declare queue 'thumbnails' the same way in
  // every place (one shared declaration or the same options) and deploy the change to every service
  // at once; a queue that exists keeps the settings it was made with, so recreate it (drain,
  // delete, redeclare) or move to a new name when its settings change
  return rabbit.createConsumer({ queue: 'thumbnails', queueOptions: { exclusive: false, durable: true }, qos: { prefetchCount: 2 } }, async () => {});
}
