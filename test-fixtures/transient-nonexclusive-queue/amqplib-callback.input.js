const amqp = require('amqplib/callback_api');

amqp.connect('amqp://localhost', function (err, conn) {
  if (err) throw err;
  conn.createChannel(function (err2, ch) {
    if (err2) throw err2;
    ch.assertQueue('tasks', { durable: false }, function (err3) {
      if (err3) throw err3;
      ch.sendToQueue('tasks', Buffer.from('hello'));
    });
    ch.assertQueue('logs', { durable: false, exclusive: true });
  });
});
