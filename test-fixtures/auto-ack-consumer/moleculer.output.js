const { ServiceBroker } = require('moleculer');

const broker = new ServiceBroker({
  transporter: {
    type: 'AMQP',
    options: {
      url: 'amqp://localhost:5672',
      // rabbitmq4-codemod(auto-ack-consumer): leave noAck: true out of consumeOptions: the
      // transporter acknowledges each request and balanced event after its handler, with a prefetch
      // of 1 by default
      consumeOptions: {
        noAck: true,
      },
    },
  },
});
