const rabbit = require('foo-foo-mq');

// No `limit`: foo-foo-mq sets no prefetch on the queue's channel.
// rabbitmq4-codemod(unbounded-prefetch): give the connection replyQueue: false if this process
// sends no requests (foo-foo-mq otherwise declares and consumes a reply queue for every
// connection), or replyQueue: { name: 'my-service.replies', autoDelete: true, subscribe: true,
// limit: 10 } so that its replies come with a prefetch
// rabbitmq4-codemod(unbounded-prefetch): give the queue a limit (foo-foo-mq's prefetch for it) in
// its options, e.g. { name: 'orders', limit: 10 }
rabbit.configure({
  connection: { host: 'localhost' },
  queues: [{ name: 'q.emails', subscribe: true }],
});
