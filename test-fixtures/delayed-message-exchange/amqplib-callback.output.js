const amqp = require('amqplib/callback_api');

amqp.connect('amqp://localhost', (err, conn) => {
  conn.createChannel((err2, ch) => {
    // rabbitmq4-codemod(delayed-message-exchange): replace the delayed-message exchange before
    // moving to RabbitMQ 4.3: for retries, quorum-queue delayed retry (RabbitMQ 4.3:
    // x-delayed-retry-type, x-delayed-retry-min, x-delayed-retry-max); for a fixed delay, a TTL +
    // dead-letter 'wait queue' (publish to a queue with x-message-ttl whose x-dead-letter-exchange
    // is the real exchange); for arbitrary delays, an external scheduler
    ch.assertExchange('delayed', 'x-delayed-message', { arguments: { 'x-delayed-type': 'topic' } }, () => {
      // rabbitmq4-codemod(delayed-message-exchange): delay the message another way: for retries,
      // quorum-queue delayed retry (RabbitMQ 4.3: x-delayed-retry-type, x-delayed-retry-min,
      // x-delayed-retry-max); for a fixed delay, a TTL + dead-letter 'wait queue' (publish to a
      // queue with x-message-ttl whose x-dead-letter-exchange is the real exchange); for arbitrary
      // delays, an external scheduler
      ch.sendToQueue('jobs', Buffer.from('x'), { headers: { 'x-delay': 1000 } });
    });
  });
});
