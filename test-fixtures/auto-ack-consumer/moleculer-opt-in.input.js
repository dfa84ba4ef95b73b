const { ServiceBroker } = require('moleculer');

const broker = new ServiceBroker({
  transporter: {
    type: 'AMQP',
    options: {
      url: 'amqp://localhost:5672',
      consumeOptions: {
        noAck: true,
      },
    },
  },
});
