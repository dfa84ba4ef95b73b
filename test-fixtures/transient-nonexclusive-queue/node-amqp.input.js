var amqp = require('amqp');

var connection = amqp.createConnection({ host: 'localhost' });

connection.on('ready', function () {
  // node-amqp's defaults: durable false, autoDelete true.
  connection.queue('jobs', function (q) {
    q.bind('jobs', '#');
  });
  connection.queue('mail', { durable: false, autoDelete: false }, function (q) {
    q.bind('mail', '#');
  });
  // An empty name (or amq.*) is server-named.
  connection.queue('', function (q) {
    q.bind('events', '#');
  });
});
