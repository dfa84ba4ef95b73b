import { createBrokerAsPromised } from 'rascal';

export const broker = createBrokerAsPromised({
  vhosts: {
    '/': {
      queues: {
        notifications: { options: { maxPriority: 5 } },
        orders: { options: { arguments: { 'x-queue-type': 'quorum', 'x-delivery-limit': 5 } } },
      },
    },
  },
});
