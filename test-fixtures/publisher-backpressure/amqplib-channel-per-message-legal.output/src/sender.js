const amqp = require('amqplib/callback_api');

// Connects, opens a channel, sends one message, closes: a channel per message (connection-churn's case).
const sendMessage = (queue, message) => {
  // rabbitmq4-codemod(connection-churn): this opens a connection once per request (in sendMessage()
  // (called at src/routes.ts:12), in the HTTP route handler at src/routes.ts:11): open it once at
  // start-up and reuse it for every request
  amqp.connect('amqp://localhost', function (err0, connection) {
    if (err0) throw err0;
    // rabbitmq4-codemod(connection-churn): this opens a channel once per request (in sendMessage()
    // (called at src/routes.ts:12), in the HTTP route handler at src/routes.ts:11): open it once at
    // start-up and reuse it for every request
    connection.createChannel(function (err1, channel) {
      if (err1) throw err1;
      channel.assertQueue(queue, { durable: true });
      channel.sendToQueue(queue, Buffer.from(message));
      setTimeout(() => connection.close(), 500);
    });
  });
};

module.exports = sendMessage;
