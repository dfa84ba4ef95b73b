import { BrokerAsPromised, withDefaultConfig } from 'rascal';

export const broker = BrokerAsPromised.create(
  withDefaultConfig({
    vhosts: { '/': { queues: ['exports'] } },
    subscriptions: {
      exports: {
        queue: 'exports',
        prefetch: 5,
      },
    },
  }),
);
