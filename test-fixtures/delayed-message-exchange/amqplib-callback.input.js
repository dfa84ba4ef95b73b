const amqp = require('amqplib/callback_api');

amqp.connect('amqp://localhost', (err, conn) => {
  conn.createChannel((err2, ch) => {
    ch.assertExchange('delayed', 'x-delayed-message', { arguments: { 'x-delayed-type': 'topic' } }, () => {
      ch.sendToQueue('jobs', Buffer.from('x'), { headers: { 'x-delay': 1000 } });
    });
  });
});
