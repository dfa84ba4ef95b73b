var amqp = require('amqp');

var connection = amqp.createConnection({ host: 'localhost' });

connection.on('ready', function () {
  connection.queue('orders', { durable: true, autoDelete: false }, function (q) {
    // ack: true consumes with noAck false and a prefetch of 1 (prefetchCount's default).
    q.subscribe({ ack: true }, function (message) {
      handle(message);
      q.shift();
    });
  });
});

function handle(message) {
  console.log(message);
}
