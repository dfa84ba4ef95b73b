var amqp = require('amqp');

var connection = amqp.createConnection({ host: 'localhost' });

connection.on('ready', function () {
  connection.queue('payments', { durable: true, autoDelete: false, arguments: { 'x-queue-type': 'quorum', 'x-delivery-limit': 5 } }, function (q) {
    q.bind('payments', '#');
  });
});
