// A reply consumer that leaves noAck out: amqplib's default is false (manual ack), so the broker refuses it.
const amqp = require('amqplib');

const REPLY_QUEUE = 'amq.rabbitmq.reply-to';

async function start(url) {
  const conn = await amqp.connect(url);
  const channel = await conn.createChannel();
  // rabbitmq4-codemod(direct-reply-to-manual-ack): consume 'amq.rabbitmq.reply-to' with noAck: true
  // (a direct reply-to consumer never acknowledges), or consume an ordinary exclusive reply queue
  // if replies must be acknowledged
  await channel.consume(REPLY_QUEUE, (msg) => {
    if (msg) console.log('reply', msg.content.toString());
  });
  return channel;
}

module.exports = { start };
