const rabbit = require('foo-foo-mq');

// rabbitmq4-codemod(deprecated-queue-argument): remove queueMode (x-queue-mode) when the queue is
// next recreated (removing it from the declaration of an existing queue is refused with 406
// inequivalent arg 'x-queue-mode')
// rabbitmq4-codemod(unbounded-prefetch): give the connection replyQueue: false if this process
// sends no requests (foo-foo-mq otherwise declares and consumes a reply queue for every
// connection), or replyQueue: { name: 'my-service.replies', autoDelete: true, subscribe: true,
// limit: 10 } so that its replies come with a prefetch
rabbit.configure({
  connection: { host: 'localhost' },
  queues: [
    { name: 'q.archive', limit: 50, subscribe: true },
    { name: 'q.bulk', queueMode: 'lazy', limit: 50, subscribe: true },
  ],
});
