var amqp = require('amqp');

var connection = amqp.createConnection({ host: 'localhost' });

connection.on('ready', function () {
  connection.queue('imports', { durable: true, autoDelete: false }, function (q) {
    q.subscribe({ ack: true, prefetchCount: 0 }, function (message) {
      importRow(message);
      q.shift();
    });
  });
});

function importRow(row) {
  console.log(row);
}
