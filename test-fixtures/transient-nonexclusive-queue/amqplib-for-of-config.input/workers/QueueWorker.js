// Declares every queue of a config array in a for..of loop.
const amqp = require('amqplib');
const QUEUES = require('./data/queues');
const SCRATCH = require('./data/scratch');

class QueueWorker {
  async connect() {
    const connection = await amqp.connect('amqp://localhost');
    this.channel = await connection.createChannel();
  }

  async declareAll() {
    for (const data of QUEUES) {
      await this.channel.assertExchange(data.exchange, 'direct');
      await this.channel.assertQueue(data.queue, data.options);
      await this.channel.bindQueue(data.queue, data.exchange, data.routingKey);
    }
  }

  async declareScratch() {
    for (const { queue, options } of SCRATCH) {
      await this.channel.assertQueue(queue, options);
    }
  }
}

module.exports = QueueWorker;
