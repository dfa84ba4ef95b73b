const { ServiceBroker } = require('moleculer');
const ChannelsMiddleware = require('@moleculer/channels').Middleware;

module.exports = new ServiceBroker({
  middlewares: [
    ChannelsMiddleware({
      adapter: {
        type: 'AMQP',
        options: {
          amqp: { url: 'amqp://localhost:5672' },
          // rabbitmq4-codemod(unbounded-prefetch): set maxInFlight above 0 in the adapter options
          // (the default is 1; null sends no prefetch)
          maxInFlight: null,
        },
      },
    }),
  ],
});
