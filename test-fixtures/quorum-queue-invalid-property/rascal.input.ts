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
            arguments: { 'x-queue-type': 'quorum' },
          },
        },
        'payments.audit': {
          options: { durable: false, arguments: { 'x-queue-type': 'quorum', 'x-delivery-limit': 5 } },
        },
      },
    },
  },
};

export const start = () => BrokerAsPromised.create(withDefaultConfig(config));
