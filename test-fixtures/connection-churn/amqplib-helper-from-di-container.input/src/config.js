module.exports = {
  container: [
    { name: 'messageBroker', type: 'value', path: './lib/rabbitmq.js' },
    { name: 'producerService', type: 'class', path: './services/ProducerService.js' },
  ],
};
