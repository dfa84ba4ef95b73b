var amqp = require('amqp');

var connection = amqp.createConnection({ host: 'localhost' });

connection.on('ready', function () {
  // node-amqp's defaults: durable false, autoDelete true.
  connection.queue('jobs', { durable: true }, function (q) {
    q.bind('jobs', '#');
  });
  connection.queue('mail', { durable: true, autoDelete: false }, function (q) {
    q.bind('mail', '#');
  });
  // An empty name (or amq.*) is server-named.
  connection.queue('', { exclusive: true }, function (q) {
    q.bind('events', '#');
  });
});
