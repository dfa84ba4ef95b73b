const { ServiceBroker } = require('moleculer');

const broker = new ServiceBroker({
  transporter: {
    type: 'AMQP',
    options: {
      url: 'amqp://localhost',
      queueOptions: {
        arguments: { 'x-queue-leader-locator': 'balanced' },
      },
    },
  },
});
