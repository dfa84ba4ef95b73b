const amqp = require('amqplib');

let channel;

async function getChannel() {
  if (!channel) {
    const connection = await amqp.connect(process.env.RABBITMQ_URL);
    channel = await connection.createChannel();
  }
  return channel;
}

module.exports = { getChannel };
