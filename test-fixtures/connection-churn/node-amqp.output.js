var amqp = require('amqp');
var http = require('http');

http.createServer(function (req, res) {
  // rabbitmq4-codemod(connection-churn): open the connection once (at start-up) and reuse it for
  // every message
  var connection = amqp.createConnection({ host: 'localhost' });
  connection.on('ready', function () {
    connection.publish('hits', { path: req.url });
    connection.disconnect();
  });
  res.end('ok');
}).listen(8080);
