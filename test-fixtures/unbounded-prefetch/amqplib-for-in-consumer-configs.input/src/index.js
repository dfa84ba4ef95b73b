const rabbitMQManager = require('./rabbitMQ/manager');
const rabbitMQConfig = require('./rabbitMQ');

async function start() {
  await rabbitMQManager.startConsumers(rabbitMQConfig.consumers);
}

start();
