// A sloppy CommonJS script: init() stores the connection in an undeclared name (an implicit global) and returns it
// from the .then callback. The connection is amqplib's, so the dead-letter consumer, whose handler only logs, waits
// for acks that never come.
const amqp = require('amqplib');

async function init() {
  return amqp.connect('amqp://localhost').then(conn => {
    connection = conn;
    console.log('rabbitmq connect success');
    return connection;
  });
}

async function execute() {
  const connection = await init();
  const channel = await connection.createChannel();
  channel.prefetch(100);
  await channel.assertQueue('Test_DeadLetterQueue', { durable: true });

  // rabbitmq4-codemod(manual-ack-never-settled): settle every message the handler receives: ack it
  // when its work is done (and nack or reject it when it fails), or consume with noAck: true if
  // losing messages on a crash is acceptable
  channel.consume('Test_DeadLetterQueue', (msg) => {
    if (msg === null) return;
    console.log('Test_DeadLetterQueue::CONSUME ' + msg.content.toString());
  });
}

execute();
