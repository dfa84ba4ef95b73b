import { BrokerAsPromised } from 'rascal';

// rascal names each queue's vhost: only 'orders' has the default queue type quorum.
export const config = {
  vhosts: {
    orders: { queues: { 'orders.priority': {} } },
    '/': { queues: { 'root.priority': { options: { maxPriority: 10 } } } },
  },
};

export const broker = BrokerAsPromised.create(config);
