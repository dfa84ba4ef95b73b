// foo-foo-mq reads a queue's prefetch from `limit`: `prefetch` never arrives.
const rabbit = require('foo-foo-mq');

// rabbitmq4-codemod(unbounded-prefetch): give the queue a limit (foo-foo-mq's prefetch for it) in
// its options, e.g. { name: 'orders', limit: 10 }
rabbit.configure({
  connection: { uri: process.env.AMQP_URL, replyQueue: false },
  queues: [
    { name: 'emails', subscribe: true, prefetch: 5 },
    { name: 'sms', subscribe: true, limit: 5 },
  ],
});
