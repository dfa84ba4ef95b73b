var amqp = require('amqp');

var connection = amqp.createConnection({ host: 'localhost' });

connection.on('ready', function () {
  // autoDelete defaults to true in node-amqp: refused for a quorum queue.
  connection.queue('payments', { durable: true, arguments: { 'x-queue-type': 'quorum' } }, function (q) {
    q.bind('payments', '#');
  });
});
