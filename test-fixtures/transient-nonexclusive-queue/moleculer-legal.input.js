const { ServiceBroker, Transporters } = require('moleculer');

const gateway = new ServiceBroker({ nodeID: 'gateway', transporter: 'amqp://localhost:5672' });

const worker = new ServiceBroker({
  nodeID: 'worker',
  transporter: new Transporters.AMQP({
    url: 'amqp://localhost:5672',
    queueOptions: { messageTtl: 60000 },
  }),
});

const nats = new ServiceBroker({ transporter: { type: 'NATS', options: { url: 'nats://localhost:4222' } } });
