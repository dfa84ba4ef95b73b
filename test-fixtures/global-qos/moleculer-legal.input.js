const { ServiceBroker } = require('moleculer');

module.exports = new ServiceBroker({
  nodeID: 'billing',
  transporter: {
    type: 'AMQP',
    options: {
      url: 'amqp://localhost:5672',
      prefetch: 10,
    },
  },
});
