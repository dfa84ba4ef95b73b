const amqp = require('amqplib/callback_api');

// ...and its receiver transient: 4.3 refuses this one on its own (transient-nonexclusive-queue), so it never
// makes the queue, and its fix (durable: true) is what the sender declares: no conflict to report as well.
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
