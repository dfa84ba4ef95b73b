const amqp = require('amqplib');

class Messaging {
  async connect(url) {
    this.connection = await amqp.connect(url);
    this.channel = await this.connection.createChannel();
  }

  async consume(queueName, handler, options = {}) {
    // rabbitmq4-codemod(unbounded-prefetch): call prefetch(N) on the channel before consume, with N
    // the number of messages the handler may work on at once (10 to 100 is typical)
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
