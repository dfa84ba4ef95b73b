const { ServiceBroker } = require('moleculer');

module.exports = new ServiceBroker({
  transporter: {
    type: 'AMQP',
    options: { url: 'amqp://localhost:5672', prefetch: 5 },
  },
});
