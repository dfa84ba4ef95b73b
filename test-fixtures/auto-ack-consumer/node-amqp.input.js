var amqp = require('amqp');

var connection = amqp.createConnection({ host: 'localhost' });

connection.on('ready', function () {
  connection.queue('orders', { durable: true, autoDelete: false }, function (q) {
    // subscribe() acknowledges automatically unless it is given { ack: true }.
    q.subscribe(function (message) {
      handle(message);
    });
  });
});

function handle(message) {
  console.log(message);
}
