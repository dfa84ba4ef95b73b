const { ServiceBroker } = require('moleculer');

module.exports = new ServiceBroker({
  transporter: {
    type: 'AMQP',
    options: {
      url: 'amqp://localhost:5672',
      // rabbitmq4-codemod(unbounded-prefetch): set the transporter's prefetch option above 0
      // (moleculer's default is 1)
      prefetch: 0,
    },
  },
});
