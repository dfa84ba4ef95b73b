const amqp = require('amqplib');

class Messaging {
  async connect(url) {
    this.connection = await amqp.connect(url);
    this.channel = await this.connection.createChannel();
  }

  async consume(queueName, handler, options = {}) {
    await this.channel.consume(
      queueName,
      async (msg) => {
        if (!msg) return;
        await handler(JSON.parse(msg.content.toString()), msg);
        if (!options.noAck) this.channel.ack(msg);
      },
      { noAck: false, ...options },
    );
  }
}

module.exports = new Messaging();
