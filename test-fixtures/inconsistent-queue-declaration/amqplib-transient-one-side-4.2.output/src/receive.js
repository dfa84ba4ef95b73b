const amqp = require('amqplib/callback_api');

// ...and its receiver transient: before 4.3 the broker still accepts it (with a deprecation warning), so whichever
// of the two starts second is refused (406 inequivalent arg durable).
amqp.connect('amqp://localhost', (err, conn) => {
  if (err) throw err;
  conn.createChannel((err2, channel) => {
    if (err2) throw err2;
    // rabbitmq4-codemod(inconsistent-queue-declaration): declare queue 'hello' the same way in
    // every place (one shared declaration or the same options) and deploy the change to every
    // service at once; a queue that exists keeps the settings it was made with, so recreate it
    // (drain, delete, redeclare) or move to a new name when its settings change
    channel.assertQueue('hello', { durable: true });
    channel.prefetch(1);
    channel.consume('hello', (msg) => {
      if (msg) channel.ack(msg);
    });
  });
});
