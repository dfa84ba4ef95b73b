import { BrokerAsPromised, withDefaultConfig, type BrokerConfig } from 'rascal';

const config: BrokerConfig = {
  vhosts: {
    '/': {
      queues: {
        'orders.created': {},
        'orders.audit': { options: { durable: true, expires: 3_600_000 } },
        'orders.replies': { options: { durable: false, exclusive: true } },
        'orders.legacy': { assert: false, check: true },
      },
    },
  },
};

export const broker = BrokerAsPromised.create(withDefaultConfig(config));
