var amqp = require('amqp');
var http = require('http');

http.createServer(function (req, res) {
  var connection = amqp.createConnection({ host: 'localhost' });
  connection.on('ready', function () {
    connection.publish('hits', { path: req.url });
    connection.disconnect();
  });
  res.end('ok');
}).listen(8080);
