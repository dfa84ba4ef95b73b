const { connection } = require('./connection.js');

exports.start = (queues, options) => {
  queues.forEach((queue) => {
    connection().createChannel((err, ch) => {
      if (err) throw err;
      ch.prefetch(options.prefetch);
      ch.assertQueue(queue.name, { durable: true }, () => {
        ch.consume(queue.name, async (msg) => {
          if (!msg) return;
          await queue.listener.listen(JSON.parse(msg.content.toString()));
          ch.ack(msg);
        });
      });
    });
  });
};
