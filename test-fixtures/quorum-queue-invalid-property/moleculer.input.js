const { ServiceBroker } = require('moleculer');

module.exports = new ServiceBroker({
  transporter: {
    type: 'AMQP',
    options: {
      url: 'amqp://localhost',
      queueOptions: {
        arguments: { 'x-queue-type': 'quorum' },
      },
    },
  },
});
