// The service's own RabbitMQ helpers: each takes an options object and passes some of its keys on to amqplib.
import type { Channel, ConsumeMessage } from 'amqplib';

export interface QueueOptions {
  durable?: boolean;
  retries?: number;
  [key: string]: unknown;
}

/** Declares a queue, retrying while the broker is starting. */
export async function declareQueue(ch: Channel, name: string, opts: QueueOptions = {}) {
  const attempts = opts.retries ?? 3;
  for (let i = 1; ; i++) {
    try {
      return await ch.assertQueue(name, { durable: opts.durable });
    } catch (err) {
      if (i >= attempts) throw err;
    }
  }
}

/** Starts a consumer with the flags the caller chooses. */
export const consumeFrom = (ch: Channel, queue: string, handler: (msg: ConsumeMessage | null) => void, { noAck, exclusive }: { noAck?: boolean; exclusive?: boolean; [key: string]: unknown }) =>
  ch.consume(queue, handler, { noAck, exclusive });

/** A worker's queue: declared through declareQueue with the options as given. */
export async function setupWorkerQueue(ch: Channel, name: string, queueOptions: QueueOptions) {
  return declareQueue(ch, name, queueOptions);
}
