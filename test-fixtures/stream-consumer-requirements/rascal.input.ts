import { BrokerAsPromised, withDefaultConfig } from 'rascal';

export const broker = BrokerAsPromised.create(
  withDefaultConfig({
    vhosts: {
      '/': {
        queues: {
          events: { options: { arguments: { 'x-queue-type': 'stream' } } },
        },
        subscriptions: {
          tail: { queue: 'events', options: { noAck: true, arguments: { 'x-stream-offset': 'last' } } },
          replay: { queue: 'events', prefetch: 0, options: { arguments: { 'x-stream-offset': 'first' } } },
        },
      },
    },
  }),
);
