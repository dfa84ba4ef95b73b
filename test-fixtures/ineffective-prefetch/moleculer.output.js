const { ServiceBroker } = require('moleculer');

module.exports = new ServiceBroker({
  transporter: {
    type: 'AMQP',
    // rabbitmq4-codemod(auto-ack-consumer): leave noAck: true out of consumeOptions: the
    // transporter acknowledges each request and balanced event after its handler, with a prefetch
    // of 1 by default
    options: { url: 'amqp://localhost:5672', prefetch: 5, consumeOptions: { noAck: true } },
  },
});
