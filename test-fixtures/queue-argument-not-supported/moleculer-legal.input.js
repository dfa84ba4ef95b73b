const { ServiceBroker } = require('moleculer');

module.exports = new ServiceBroker({
  nodeID: 'billing',
  transporter: {
    type: 'AMQP',
    options: {
      url: 'amqp://localhost:5672',
      heartbeatTimeToLive: 5000,
      queueOptions: { arguments: { 'x-max-length': 1000 } },
    },
  },
});
