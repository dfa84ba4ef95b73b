const amqp = require('amqplib');

async function createOrder(req, res) {
  // rabbitmq4-codemod(connection-churn): this opens a connection once per request (in the HTTP
  // route handler createOrder() at src/routes.js:5): open it once at start-up and reuse it for
  // every request
  const conn = await amqp.connect('amqp://localhost');
  // rabbitmq4-codemod(connection-churn): this opens a channel once per request (in the HTTP route
  // handler createOrder() at src/routes.js:5): open it once at start-up and reuse it for every
  // request
  const ch = await conn.createChannel();
  ch.sendToQueue('orders', Buffer.from(JSON.stringify(req.body)));
  setTimeout(() => conn.close(), 500);
  res.status(202).end();
}

module.exports = { createOrder };
