const amqp = require('amqplib');

async function createOrder(req, res) {
  const conn = await amqp.connect('amqp://localhost');
  const ch = await conn.createChannel();
  ch.sendToQueue('orders', Buffer.from(JSON.stringify(req.body)));
  setTimeout(() => conn.close(), 500);
  res.status(202).end();
}

module.exports = { createOrder };
