const { Broker, withDefaultConfig } = require('rascal');

const config = {
  vhosts: {
    v1: {
      queues: {
        // rabbitmq4-codemod(deprecated-queue-argument): remove x-queue-mode when the queue is next
        // recreated (removing it from the declaration of an existing queue is refused with 406
        // inequivalent arg 'x-queue-mode')
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
