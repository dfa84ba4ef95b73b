const _ = require('lodash');
const Rascal = require('rascal');

const config = {
  vhosts: {
    '/': {
      queues: {
        notifications: {
          options: { arguments: { 'x-queue-type': 'classic' } },
        },
      },
    },
  },
};

module.exports = () => Rascal.BrokerAsPromised.create(_.defaultsDeep({}, config, Rascal.testConfig));
