import { BrokerAsPromised, withTestConfig } from 'rascal';

const config = {
  vhosts: {
    '/': {
      queues: {
        payments: { options: { arguments: { 'x-queue-type': 'quorum', 'x-delivery-limit': 5 } } },
      },
    },
  },
};

export const testBroker = () => BrokerAsPromised.create(withTestConfig(config));
