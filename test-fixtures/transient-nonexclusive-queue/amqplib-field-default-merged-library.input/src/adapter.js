// The adapter forwards the queue options it is given to amqplib.
const amqp = require('amqplib');

class Adapter {
  async connect(url) {
    this.connection = await amqp.connect(url);
    this.channel = await this.connection.createChannel();
  }

  async ensureQueue({ name, ...params }) {
    await this.channel.assertQueue(name, params);
  }
}

module.exports = Adapter;
