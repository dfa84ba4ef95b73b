var amqp = require('amqp');

var connection = amqp.createConnection({ host: 'localhost' });

connection.on('ready', function () {
  connection.queue('imports', { durable: true, autoDelete: false }, function (q) {
    // rabbitmq4-codemod(unbounded-prefetch): call prefetch(N) on the channel before consume, with N
    // the number of messages the handler may work on at once (10 to 100 is typical)
    q.subscribe({ ack: true, prefetchCount: 0 }, function (message) {
      importRow(message);
      q.shift();
    });
  });
});

function importRow(row) {
  console.log(row);
}
