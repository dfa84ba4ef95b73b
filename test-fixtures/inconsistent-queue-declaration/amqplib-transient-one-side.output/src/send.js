const amqp = require('amqplib/callback_api');

// The tutorial's sender declares 'hello' durable...
amqp.connect('amqp://localhost', (err, conn) => {
  if (err) throw err;
  conn.createChannel((err2, channel) => {
    if (err2) throw err2;
    channel.assertQueue('hello', { durable: true });
    channel.sendToQueue('hello', Buffer.from('Hello world'));
  });
});
