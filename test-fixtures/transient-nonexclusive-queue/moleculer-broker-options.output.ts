import type { BrokerOptions } from 'moleculer';

const brokerConfig: BrokerOptions = {
  namespace: 'shop',
  logger: true,
  transporter: {
    type: 'amqp',
    options: {
      url: process.env.AMQP_URL,
      queueOptions: { messageTtl: 60000 },
      autoDeleteQueues: true,
    },
  },
};

export = brokerConfig;
