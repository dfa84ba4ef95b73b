import { BrokerAsPromised, withDefaultConfig } from 'rascal';

// Negatives: rascal's default type (topic), an ordinary type, and a delayed exchange rascal never asserts.
export const broker = BrokerAsPromised.create(
  withDefaultConfig({
    vhosts: {
      '/': {
        exchanges: ['events', { name: 'orders', type: 'direct' }, { name: 'legacy', type: 'x-delayed-message', assert: false }],
      },
    },
  }),
);
