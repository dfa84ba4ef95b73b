const { ServiceBroker } = require('moleculer');
const ChannelsMiddleware = require('@moleculer/channels').Middleware;

module.exports = new ServiceBroker({
  middlewares: [
    ChannelsMiddleware({
      adapter: {
        type: 'AMQP',
        options: {
          amqp: { url: 'amqp://localhost', queueOptions: { deadLetterExchange: 'dlx', arguments: { 'x-queue-type': 'quorum' } } },
        },
      },
    }),
  ],
});
