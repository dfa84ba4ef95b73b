var amqp = require('amqp');

var connection = amqp.createConnection({ host: 'localhost' });

connection.on('ready', function () {
  connection.queue('alerts', { durable: true, autoDelete: false, arguments: { 'x-max-priority': 9, 'x-message-ttl': 60000 } });
});
