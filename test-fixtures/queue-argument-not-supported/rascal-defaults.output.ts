import { createBrokerAsPromised } from 'rascal';

export const broker = createBrokerAsPromised({
  defaults: {
    vhosts: {
      queues: { options: { arguments: { 'x-queue-type': 'quorum', 'x-delivery-limit': 5 } } },
    },
  },
  vhosts: {
    '/': {
      queues: {
        orders: {},
        notifications: {},
      },
    },
  },
});
