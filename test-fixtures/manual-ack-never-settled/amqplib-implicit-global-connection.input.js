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

  channel.consume('Test_DeadLetterQueue', (msg) => {
    if (msg === null) return;
    console.log('Test_DeadLetterQueue::CONSUME ' + msg.content.toString());
  });
}

execute();
