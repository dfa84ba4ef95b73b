const { ServiceBroker } = require('moleculer');
const ChannelsMiddleware = require('@moleculer/channels').Middleware;

module.exports = new ServiceBroker({
  transporter: 'amqp://localhost:5672',
  middlewares: [ChannelsMiddleware({ adapter: { type: 'AMQP', options: { amqp: { url: 'amqp://localhost:5672' }, maxInFlight: 20 } } })],
});
