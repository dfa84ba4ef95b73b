const rabbit = require('foo-foo-mq');

// rabbitmq4-codemod(unbounded-prefetch): give the connection replyQueue: false if this process
// sends no requests (foo-foo-mq otherwise declares and consumes a reply queue for every
// connection), or replyQueue: { name: 'my-service.replies', autoDelete: true, subscribe: true,
// limit: 10 } so that its replies come with a prefetch
rabbit.configure({
  connection: { host: 'localhost' },
  queues: [
    { name: 'q.archive', limit: 50, subscribe: true },
    { name: 'q.bulk', queueLimit: 100000, limit: 50, subscribe: true },
  ],
});
