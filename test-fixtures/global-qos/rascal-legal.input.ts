import { BrokerAsPromised, withDefaultConfig } from 'rascal';

export const broker = BrokerAsPromised.create(
  withDefaultConfig({
    vhosts: { '/': { queues: ['emails'] } },
    subscriptions: { emails: { queue: 'emails', prefetch: 20 } },
  }),
);
