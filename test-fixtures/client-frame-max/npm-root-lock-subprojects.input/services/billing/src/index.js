const amqp = require('amqplib');

module.exports.start = async (url) => {
  const conn = await amqp.connect(url);
  return conn.createChannel();
};
