const { ServiceBroker } = require('moleculer');
const ChannelsMiddleware = require('@moleculer/channels').Middleware;

module.exports = new ServiceBroker({
  nodeID: 'orders-1',
  transporter: 'NATS',
  middlewares: [
    ChannelsMiddleware({
      adapter: {
        type: 'AMQP',
        options: {
          amqp: {
            url: 'amqp://localhost:5672',
            queueOptions: {
              messageTtl: 86400000,
            },
          },
          maxInFlight: 10,
        },
      },
    }),
  ],
});
