const { createContainer, asClass, asValue } = require('awilix');
const RabbitMQ = require('./lib/rabbitmq');
const ProducerService = require('./services/ProducerService');

// The container hands the broker to the services by name: nothing calls RabbitMQ.sendMessage in a way the analysis
// follows, but this file registers the module.
const container = createContainer();
container.register({
  messageBroker: asValue(RabbitMQ),
  producerService: asClass(ProducerService),
});

module.exports = container;
