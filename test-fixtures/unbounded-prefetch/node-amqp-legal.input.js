var amqp = require('amqp');

var connection = amqp.createConnection({ host: 'localhost' });

connection.on('ready', function () {
  connection.queue('imports', { durable: true, autoDelete: false }, function (q) {
    q.subscribe({ ack: true, prefetchCount: 20 }, function (message, headers, info, raw) {
      importRow(message);
      raw.acknowledge();
    });
  });
});

function importRow(row) {
  console.log(row);
}
