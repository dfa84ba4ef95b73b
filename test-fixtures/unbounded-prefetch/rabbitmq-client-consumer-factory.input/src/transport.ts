import { Connection } from 'rabbitmq-client';
import { createConsumer } from './consumer.js';
import { resolveConsumerOptions, type TransportOptions } from './options.js';

export function createTransport(opts: TransportOptions) {
  const connection = new Connection(opts.url);
  const consumer = createConsumer(connection, resolveConsumerOptions(opts));
  // The audit consumer takes the user's audit prefetch as given: unset, it is undefined (no limit).
  const audit = createConsumer(connection, { prefetch: opts.audit?.prefetch as number });
  return { connection, consumer, audit };
}
