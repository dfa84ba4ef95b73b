var amqp = require('amqp');

var connection = amqp.createConnection({ host: 'localhost' });

connection.on('ready', function () {
  connection.queue('views', { durable: true, autoDelete: false }, function (q) {
    // subscribe() sends no prefetch without ack: true.
    q.subscribe({ prefetchCount: 50 }, function (message) {
      console.log(message);
    });
  });
});
