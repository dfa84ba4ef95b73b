const rabbot = require('rabbot');

// foo-foo-mq / rabbot never set durable: amqplib's default (true) applies, whatever the docs say.
// rabbitmq4-codemod(unbounded-prefetch): give the connection replyQueue: false if this process
// sends no requests (foo-foo-mq otherwise declares and consumes a reply queue for every
// connection), or replyQueue: { name: 'my-service.replies', autoDelete: true, subscribe: true,
// limit: 10 } so that its replies come with a prefetch
rabbot.configure({
  connection: { host: 'localhost' },
  queues: [
    { name: 'q.jobs', subscribe: true, limit: 10 },
    { name: 'q.replies', durable: false, exclusive: true },
    { name: 'q.legacy', durable: false, passive: true },
  ],
});
