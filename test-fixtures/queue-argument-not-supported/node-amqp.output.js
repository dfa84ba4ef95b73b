var amqp = require('amqp');

var connection = amqp.createConnection({ host: 'localhost' });

connection.on('ready', function () {
  connection.queue('alerts', {
    durable: true,
    autoDelete: false,
    arguments: { 'x-queue-type': 'quorum', 'x-delivery-limit': 5 },
  });
});
