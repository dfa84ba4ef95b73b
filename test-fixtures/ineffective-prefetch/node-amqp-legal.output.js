var amqp = require('amqp');

var connection = amqp.createConnection({ host: 'localhost' });

connection.on('ready', function () {
  connection.queue('views', { durable: true, autoDelete: false }, function (q) {
    // subscribe() sends no prefetch without ack: true.
    // rabbitmq4-codemod(auto-ack-consumer): consume with noAck: false, call ack(msg) after the
    // handler's work, and set a prefetch (e.g. prefetch(10)) on the channel before consuming
    q.subscribe({ prefetchCount: 50 }, function (message) {
      console.log(message);
    });
  });
});
