const { Broker, withDefaultConfig } = require('rascal');

const config = withDefaultConfig({
  vhosts: {
    v1: {
      queues: {
        reports: { options: { arguments: { 'x-queue-leader-locator': 'balanced', 'x-max-length': 10000 } } },
      },
    },
  },
});

Broker.create(config, (err) => {
  if (err) throw err;
});
