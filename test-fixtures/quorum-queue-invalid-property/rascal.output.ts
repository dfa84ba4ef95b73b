import { BrokerAsPromised, withDefaultConfig } from 'rascal';

const config = {
  vhosts: {
    '/': {
      queues: {
        payments: {
          options: {
            arguments: { 'x-queue-type': 'quorum', 'x-delivery-limit': 5 },
          },
        },
        'payments.replies': {
          options: {
            exclusive: true,
          },
        },
        'payments.audit': {
          options: { durable: true, arguments: { 'x-queue-type': 'quorum', 'x-delivery-limit': 5 } },
        },
      },
    },
  },
};

export const start = () => BrokerAsPromised.create(withDefaultConfig(config));
