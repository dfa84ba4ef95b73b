const amqp = require('amqplib/callback_api');

// The tutorial's sender declares 'hello' durable...
amqp.connect('amqp://localhost', (err, conn) => {
  if (err) throw err;
  conn.createChannel((err2, channel) => {
    if (err2) throw err2;
    // rabbitmq4-codemod(inconsistent-queue-declaration): declare queue 'hello' the same way in
    // every place (one shared declaration or the same options) and deploy the change to every
    // service at once; a queue that exists keeps the settings it was made with, so recreate it
    // (drain, delete, redeclare) or move to a new name when its settings change
    channel.assertQueue('hello', { durable: true });
    channel.sendToQueue('hello', Buffer.from('Hello world'));
  });
});
