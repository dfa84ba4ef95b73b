const { ServiceBroker } = require('moleculer');
const ChannelsMiddleware = require('@moleculer/channels').Middleware;

module.exports = new ServiceBroker({
  middlewares: [
    ChannelsMiddleware({
      adapter: {
        type: 'AMQP',
        options: {
          amqp: { url: 'amqp://localhost:5672', queueOptions: { arguments: { 'x-queue-type': 'stream' } } },
          maxInFlight: 100,
        },
      },
    }),
  ],
});
