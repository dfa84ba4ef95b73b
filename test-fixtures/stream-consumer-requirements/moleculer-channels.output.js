const { ServiceBroker } = require('moleculer');
const ChannelsMiddleware = require('@moleculer/channels').Middleware;

module.exports = new ServiceBroker({
  middlewares: [
    ChannelsMiddleware({
      adapter: {
        type: 'AMQP',
        options: {
          amqp: {
            url: 'amqp://localhost:5672',
            queueOptions: { arguments: { 'x-queue-type': 'stream' } },
            // rabbitmq4-codemod(stream-consumer-requirements): leave noAck: true out of
            // amqp.consumerOptions and keep maxInFlight above 0: a stream is consumed with manual
            // ack and a prefetch
            consumerOptions: { noAck: true },
          },
        },
      },
    }),
  ],
});
