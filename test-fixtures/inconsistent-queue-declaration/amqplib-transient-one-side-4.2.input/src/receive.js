const amqp = require('amqplib/callback_api');

// ...and its receiver transient: before 4.3 the broker still accepts it (with a deprecation warning), so whichever
// of the two starts second is refused (406 inequivalent arg durable).
amqp.connect('amqp://localhost', (err, conn) => {
  if (err) throw err;
  conn.createChannel((err2, channel) => {
    if (err2) throw err2;
    channel.assertQueue('hello', { durable: false });
    channel.prefetch(1);
    channel.consume('hello', (msg) => {
      if (msg) channel.ack(msg);
    });
  });
});
