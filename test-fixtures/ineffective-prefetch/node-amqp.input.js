var amqp = require('amqp');

var connection = amqp.createConnection({ host: 'localhost' });

connection.on('ready', function () {
  connection.queue('views', { durable: true, autoDelete: false }, function (q) {
    // subscribeRaw sends prefetchCount as given, even with noAck.
    q.subscribeRaw({ noAck: true, prefetchCount: 50 }, function (message) {
      console.log(message);
    });
  });
});
