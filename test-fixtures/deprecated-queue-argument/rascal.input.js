const { Broker, withDefaultConfig } = require('rascal');

const config = {
  vhosts: {
    v1: {
      queues: {
        reports: {
          options: {
            arguments: {
              'x-queue-mode': 'lazy',
            },
          },
        },
      },
    },
  },
};

Broker.create(withDefaultConfig(config), (err, broker) => {
  if (err) throw err;
  broker.subscribe('/reports', (err, subscription) => {
    if (err) throw err;
  });
});
