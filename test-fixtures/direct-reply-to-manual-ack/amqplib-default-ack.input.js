// A reply consumer that leaves noAck out: amqplib's default is false (manual ack), so the broker refuses it.
const amqp = require('amqplib');

const REPLY_QUEUE = 'amq.rabbitmq.reply-to';

async function start(url) {
  const conn = await amqp.connect(url);
  const channel = await conn.createChannel();
  await channel.consume(REPLY_QUEUE, (msg) => {
    if (msg) console.log('reply', msg.content.toString());
  });
  return channel;
}

module.exports = { start };
