const amqp = require('amqplib');

class AmqpManager {
  async open(name) {
    const connection = await amqp.connect(process.env.AMQP_URL);
    this[name] = await connection.createChannel();
    return this[name];
  }

  channelFor(name) {
    return this[name];
  }
}

module.exports = { AmqpManager };
