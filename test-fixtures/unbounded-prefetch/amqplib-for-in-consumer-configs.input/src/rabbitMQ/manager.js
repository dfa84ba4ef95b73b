// A shared manager singleton: startConsumers() walks a config object with for..in.
const amqp = require('amqplib');

class RabbitMQManager {
  async getOrCreateChannel() {
    if (!this.channel) {
      this.connection = await amqp.connect(process.env.RABBITMQ_URI);
      this.channel = await this.connection.createChannel();
    }
    return this.channel;
  }

  async consume(queueName, handler, options = {}) {
    const channel = await this.getOrCreateChannel();
    await channel.consume(
      queueName,
      async (msg) => {
        if (!msg) return;
        await handler(JSON.parse(msg.content.toString()), msg);
        channel.ack(msg);
      },
      { noAck: false, ...options.consumerOptions },
    );
  }

  async startConsumers(consumers) {
    for (const consumer in consumers) {
      await this.consume(consumers[consumer].queue, consumers[consumer].handler, consumers[consumer].options);
    }
  }
}

module.exports = new RabbitMQManager();
