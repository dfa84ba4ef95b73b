// The service moved to rabbitmq-client; the old amqplib range is a leftover nothing loads.
import { Connection } from 'rabbitmq-client';

export function connect(url: string) {
  return new Connection(url);
}
