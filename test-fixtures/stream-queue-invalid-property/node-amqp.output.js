var amqp = require('amqp');

var connection = amqp.createConnection({ host: 'localhost' });

connection.on('ready', function () {
  connection.queue('clicks', { durable: true, exclusive: false, autoDelete: false, arguments: { 'x-queue-type': 'stream' } });
});
