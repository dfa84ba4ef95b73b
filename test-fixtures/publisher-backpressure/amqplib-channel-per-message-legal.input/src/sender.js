const amqp = require('amqplib/callback_api');

// Connects, opens a channel, sends one message, closes: a channel per message (connection-churn's case).
const sendMessage = (queue, message) => {
  amqp.connect('amqp://localhost', function (err0, connection) {
    if (err0) throw err0;
    connection.createChannel(function (err1, channel) {
      if (err1) throw err1;
      channel.assertQueue(queue, { durable: true });
      channel.sendToQueue(queue, Buffer.from(message));
      setTimeout(() => connection.close(), 500);
    });
  });
};

module.exports = sendMessage;
