var amqp = require('amqp');

var connection = amqp.createConnection({ host: 'localhost' });

connection.on('ready', function () {
  connection.queue('views', { durable: true, autoDelete: false }, function (q) {
    // subscribeRaw sends prefetchCount as given, even with noAck.
    // rabbitmq4-codemod(auto-ack-consumer): consume with noAck: false, call ack(msg) after the
    // handler's work, and set a prefetch (e.g. prefetch(10)) on the channel before consuming
    q.subscribeRaw({ noAck: true, prefetchCount: 50 }, function (message) {
      console.log(message);
    });
  });
});
