import { BrokerAsPromised, withDefaultConfig } from 'rascal';

export const broker = BrokerAsPromised.create(
  withDefaultConfig({
    vhosts: {
      '/': {
        queues: {
          events: { options: { arguments: { 'x-queue-type': 'stream' } } },
        },
        subscriptions: {
          tail: { queue: 'events', options: { arguments: { 'x-stream-offset': 'last' } } },
        },
      },
    },
  }),
);
