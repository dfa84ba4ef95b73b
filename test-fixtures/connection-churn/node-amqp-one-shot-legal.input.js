// A script that connects once, publishes a batch when ready, and disconnects.
var amqp = require('amqp');

var connection = amqp.createConnection({ host: 'localhost' });
connection.on('ready', function () {
  for (var i = 0; i < 10; i++) connection.publish('batch', { n: i });
  connection.disconnect();
});
