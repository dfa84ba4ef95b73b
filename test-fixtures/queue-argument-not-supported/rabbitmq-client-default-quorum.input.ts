import { Connection } from 'rabbitmq-client';

// rabbitmq-client's durable defaults to false: such a queue falls back to classic (and is transient);
// a durable one becomes quorum under the default queue type quorum.
export async function setup(rabbit: Connection) {
  await rabbit.queueDeclare({ queue: 'thumbnails', durable: true, arguments: { 'x-max-priority': 10 } });
  await rabbit.queueDeclare({ queue: 'previews', exclusive: true, arguments: { 'x-max-priority': 10 } });
}
