var amqp = require('amqp');

var connection = amqp.createConnection({ host: 'localhost' });

connection.on('ready', function () {
  connection.queue('ticks', { durable: true, autoDelete: false, arguments: { 'x-queue-type': 'stream' } }, function (q) {
    // rabbitmq4-codemod(stream-consumer-requirements): consume the stream with noAck: false and ack
    // each message (acks are the credit that advances the consumer)
    // rabbitmq4-codemod(stream-consumer-requirements): call prefetch(N) with N > 0 on the channel
    // before consuming the stream
    q.subscribe(function (message) {
      console.log(message);
    });
  });
});
