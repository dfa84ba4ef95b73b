const amqp = require('amqplib/callback_api');

amqp.connect('amqp://localhost', (err, conn) => {
  conn.createChannel((err2, ch) => {
    ch.prefetch(10, false, (err3) => {
      // rabbitmq4-codemod(consumer-null-message): return early when the message is null, before the
      // handler uses it: if (msg === null) { /* consumer cancelled by the broker */ return; } and
      // consume again (or reconnect) if the consumer should keep running (not rewritten: the
      // handler is not an inline function with a block body)
      ch.consume('jobs', (msg) => ch.ack(msg));
    });
  });
});
