const { ServiceBroker } = require('moleculer');
const ChannelsMiddleware = require('@moleculer/channels').Middleware;

module.exports = new ServiceBroker({
  middlewares: [
    ChannelsMiddleware({
      adapter: {
        type: 'AMQP',
        options: {
          // rabbitmq4-codemod(deprecated-queue-argument): remove queueMode (x-queue-mode) when the
          // queue is next recreated (removing it from the declaration of an existing queue is
          // refused with 406 inequivalent arg 'x-queue-mode')
          amqp: { url: 'amqp://localhost:5672', queueOptions: { queueMode: 'lazy' } },
        },
      },
    }),
  ],
});
