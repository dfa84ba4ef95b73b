const { Broker, withDefaultConfig } = require('rascal');

Broker.create(withDefaultConfig({ vhosts: { v1: { queues: { reports: { options: { arguments: { 'x-queue-version': 2 } } } } } } }), (err) => {
  if (err) throw err;
});
