// One channel per connection type, cached in an object the caller hands in.
const amqp = require('amqplib');

class RabbitMq {
  constructor(url, queueName, connectionType = 'default') {
    this.url = url;
    this.queueName = queueName;
    this._connectionType = connectionType;
  }

  async connect() {
    this._connection = await amqp.connect(this.url);
  }

  async createChannel(channels = {}) {
    if (!channels[this._connectionType]) {
      channels[this._connectionType] = this._connection.createChannel();
    }
    this._channel = await channels[this._connectionType];
    await this._channel.assertQueue(this.queueName, { durable: true });
  }

  getChannel() {
    return this._channel;
  }
}

module.exports = RabbitMq;
