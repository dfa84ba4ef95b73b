var amqp = require('amqp');

var connection = amqp.createConnection({ host: 'localhost' });

connection.on('ready', function () {
  connection.queue('jobs', { durable: true, autoDelete: false }, function (q) {
    q.bind('jobs', '#');
  });
  connection.queue('', { exclusive: true }, function (q) {
    q.bind('events', '#');
  });
  connection.queue('existing', { passive: true }, function () {});
});
