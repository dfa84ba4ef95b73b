const { ServiceBroker } = require('moleculer');
const ChannelsMiddleware = require('@moleculer/channels').Middleware;

const broker = new ServiceBroker({
  middlewares: [
    ChannelsMiddleware({
      adapter: {
        type: 'AMQP',
        options: {
          amqp: {
            url: 'amqp://localhost:5672',
            queueOptions: {
              arguments: { 'x-queue-type': 'quorum', 'x-delivery-limit': 5 },
            },
          },
        },
      },
    }),
  ],
});
