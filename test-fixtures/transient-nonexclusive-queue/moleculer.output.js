const { ServiceBroker } = require('moleculer');

const broker = new ServiceBroker({
  nodeID: 'orders-1',
  transporter: {
    type: 'AMQP',
    options: {
      url: 'amqp://guest:guest@localhost:5672',
      eventTimeToLive: 5000,
      prefetch: 1,
    },
  },
});

broker.start();
