const rabbit = require('foo-foo-mq');

// rabbitmq4-codemod(unbounded-prefetch): give the connection replyQueue: false if this process
// sends no requests (foo-foo-mq otherwise declares and consumes a reply queue for every
// connection), or replyQueue: { name: 'my-service.replies', autoDelete: true, subscribe: true,
// limit: 10 } so that its replies come with a prefetch
// rabbitmq4-codemod(stream-consumer-requirements): call prefetch(N) with N > 0 on the channel
// before consuming the stream
rabbit.configure({
  connection: { host: 'localhost' },
  queues: [{ name: 'q.events', type: 'stream', subscribe: true }],
});
