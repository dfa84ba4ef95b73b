const rabbit = require('foo-foo-mq');

// rabbitmq4-codemod(unbounded-prefetch): give the connection replyQueue: false if this process
// sends no requests (foo-foo-mq otherwise declares and consumes a reply queue for every
// connection), or replyQueue: { name: 'my-service.replies', autoDelete: true, subscribe: true,
// limit: 10 } so that its replies come with a prefetch
rabbit.configure({
  connection: { host: 'localhost' },
  exchanges: [{ name: 'ex.jobs', type: 'direct' }],
  queues: [
    { name: 'q.jobs', durable: true, subscribe: true, limit: 10 },
  ],
  bindings: [{ exchange: 'ex.jobs', target: 'q.jobs', keys: ['job'] }],
});

exports.addNotifications = () => rabbit.addQueue('q.notifications', { durable: true, autoDelete: true, limit: 5 });
