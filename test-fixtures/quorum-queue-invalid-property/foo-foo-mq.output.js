const rabbit = require('foo-foo-mq');

// rabbitmq4-codemod(unbounded-prefetch): give the connection replyQueue: false if this process
// sends no requests (foo-foo-mq otherwise declares and consumes a reply queue for every
// connection), or replyQueue: { name: 'my-service.replies', autoDelete: true, subscribe: true,
// limit: 10 } so that its replies come with a prefetch
rabbit.configure({
  connection: { host: 'localhost' },
  queues: [
    { name: 'q.payments', type: 'quorum', durable: true, deadLetter: 'ex.dead', subscribe: true, limit: 20 },
  ],
});
