// A wrapper class nothing in the project calls yet: its parameters take their defaults.
const amqp = require('amqplib');

class RabbitMQ {
  async connect() {
    const connection = await amqp.connect('amqp://localhost');
    this.channel = await connection.createChannel();
  }

  async assertQueue(queueName, options = {}) {
    await this.channel.assertQueue(queueName, options);
  }

  async assertScratchQueue(queueName, options = { durable: false }) {
    await this.channel.assertQueue(queueName, options);
  }

  async declareFrom(queueName, options) {
    await this.channel.assertQueue(queueName, options);
  }
}

module.exports = RabbitMQ;
