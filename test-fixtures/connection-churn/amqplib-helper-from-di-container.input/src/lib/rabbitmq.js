const amqp = require('amqplib');

// The message broker the container hands to ProducerService: a connection and a channel for every message.
const RabbitMQ = {
  sendMessage: async (queue, payload) => {
    const connection = await amqp.connect(process.env.RABBITMQ_URL);
    const channel = await connection.createChannel();
    await channel.assertQueue(queue, { durable: true });
    channel.sendToQueue(queue, Buffer.from(payload));
    setTimeout(() => {
      connection.close();
    }, 1000);
  },
};

module.exports = RabbitMQ;
