var amqp = require('amqp');

var connection = amqp.createConnection({ host: 'localhost' });

connection.on('ready', function () {
  connection.queue('orders', { durable: true, autoDelete: false }, function (q) {
    // subscribe() acknowledges automatically unless it is given { ack: true }.
    // rabbitmq4-codemod(auto-ack-consumer): consume with noAck: false, call ack(msg) after the
    // handler's work, and set a prefetch (e.g. prefetch(10)) on the channel before consuming
    q.subscribe(function (message) {
      handle(message);
    });
  });
});

function handle(message) {
  console.log(message);
}
