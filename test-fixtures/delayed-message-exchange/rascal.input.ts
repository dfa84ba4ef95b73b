import { BrokerAsPromised, withDefaultConfig } from 'rascal';

export const broker = BrokerAsPromised.create(
  withDefaultConfig({
    vhosts: {
      '/': {
        exchanges: {
          delayed: { type: 'x-delayed-message', options: { arguments: { 'x-delayed-type': 'direct' } } },
          events: { type: 'fanout' },
        },
        queues: ['emails'],
      },
    },
  }),
);
