var amqp = require('amqplib/callback_api');

amqp.connect('amqp://localhost', function (err, conn) {
  conn.createChannel(function (err, ch) {
    var q = 'hello';
    ch.assertQueue(q, { durable: true });
    console.log(' [*] Waiting for messages in %s. To exit press CTRL+C', q);
    // rabbitmq4-codemod(auto-ack-consumer): consume with noAck: false, call ack(msg) after the
    // handler's work, and set a prefetch (e.g. prefetch(10)) on the channel before consuming
    ch.consume(q, function (msg) {
      if (msg) console.log(' [x] Received %s', msg.content.toString());
    }, { noAck: true });
  });
});
