var amqp = require('amqp');
var http = require('http');

var connection = amqp.createConnection({ host: 'localhost' });

http.createServer(function (req, res) {
  connection.publish('hits', { path: req.url });
  res.end('ok');
}).listen(8080);
