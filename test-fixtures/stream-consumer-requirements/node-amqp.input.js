var amqp = require('amqp');

var connection = amqp.createConnection({ host: 'localhost' });

connection.on('ready', function () {
  connection.queue('ticks', { durable: true, autoDelete: false, arguments: { 'x-queue-type': 'stream' } }, function (q) {
    q.subscribe(function (message) {
      console.log(message);
    });
  });
});
