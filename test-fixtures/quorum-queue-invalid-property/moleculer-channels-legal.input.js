const { ServiceBroker } = require('moleculer');
const { Middleware } = require('@moleculer/channels');

module.exports = new ServiceBroker({
  middlewares: [
    Middleware({
      adapter: {
        type: 'AMQP',
        options: {
          amqp: {
            url: 'amqp://localhost',
            queueOptions: { arguments: { 'x-queue-type': 'quorum', 'x-delivery-limit': 5 } },
          },
        },
      },
    }),
  ],
});
