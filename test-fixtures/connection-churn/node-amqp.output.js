var amqp = require('amqp');
var http = require('http');

http.createServer(function (req, res) {
  // rabbitmq4-codemod(connection-churn): this opens a connection once per request (in the HTTP
  // request handler at node-amqp.input.js:4): open it once at start-up and reuse it for every
  // request
  var connection = amqp.createConnection({ host: 'localhost' });
  connection.on('ready', function () {
    connection.publish('hits', { path: req.url });
    connection.disconnect();
  });
  res.end('ok');
}).listen(8080);
