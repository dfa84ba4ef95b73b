const { BrokerAsPromised, withDefaultConfig } = require('rascal');

const config = {
  vhosts: {
    '/': {
      queues: {
        payments: { options: { arguments: { 'x-queue-type': 'quorum', 'x-dead-letter-exchange': 'dlx' } } },
      },
    },
  },
};

module.exports = () => BrokerAsPromised.create(withDefaultConfig(config));
