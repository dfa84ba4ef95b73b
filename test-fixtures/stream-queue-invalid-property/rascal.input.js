const Rascal = require('rascal');

const config = {
  vhosts: {
    '/': {
      queues: {
        events: {
          options: {
            autoDelete: true,
            arguments: { 'x-queue-type': 'stream', 'x-max-age': '7D' },
          },
        },
      },
    },
  },
};

Rascal.BrokerAsPromised.create(Rascal.withDefaultConfig(config));
