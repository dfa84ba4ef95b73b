const amqp = require('amqplib/callback_api');

amqp.connect('amqp://localhost', (err, conn) => {
  conn.createChannel((err2, ch) => {
    ch.prefetch(10, true, (err3) => {
      ch.consume('jobs', (msg) => ch.ack(msg));
    });
  });
});
