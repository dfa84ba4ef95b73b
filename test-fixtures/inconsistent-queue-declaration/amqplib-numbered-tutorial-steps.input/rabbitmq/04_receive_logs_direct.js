var amqp = require('amqplib/callback_api');

var args = process.argv.slice(2);

amqp.connect('amqp://localhost', function (err, conn) {
  conn.createChannel(function (err, ch) {
    var ex = 'direct_logs';
    ch.assertExchange(ex, 'direct', { durable: false });
    // Another lesson reuses the name 'hello' for its own exclusive queue.
    ch.assertQueue('hello', { exclusive: true }, function (err, q) {
      args.forEach(function (severity) {
        ch.bindQueue(q.queue, ex, severity);
      });
      ch.consume(q.queue, function (msg) {
        if (msg) console.log(" [x] %s: '%s'", msg.fields.routingKey, msg.content.toString());
      }, { noAck: true });
    });
  });
});
