var amqp = require('amqp');

var connection = amqp.createConnection({ host: 'localhost' });

connection.on('ready', function () {
  connection.queue('reports', { durable: true, autoDelete: false, arguments: { 'x-queue-leader-locator': 'balanced' } });
});
