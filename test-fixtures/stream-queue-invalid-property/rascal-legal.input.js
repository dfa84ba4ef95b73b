const Rascal = require('rascal');

const config = {
  vhosts: {
    '/': {
      queues: {
        events: { options: { arguments: { 'x-queue-type': 'stream', 'x-max-age': '7D' } } },
      },
    },
  },
};

Rascal.Broker.create(Rascal.withDefaultConfig(config), (err, broker) => {
  if (err) throw err;
});
