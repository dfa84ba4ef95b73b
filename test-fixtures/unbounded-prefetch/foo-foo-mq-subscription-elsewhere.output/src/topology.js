// The service's topology: subscribed to by name from the worker module.
const rabbit = require('rabbot');

module.exports = function connect() {
  // rabbitmq4-codemod(unbounded-prefetch): give the queue a limit (foo-foo-mq's prefetch for it) in
  // its options, e.g. { name: 'orders', limit: 10 }
  return rabbit.configure({
    connection: { server: process.env.RABBIT_HOST, replyQueue: false },
    queues: [
      { name: 'orders', limit: 20 },
      { name: 'audit' },
    ],
  });
};
