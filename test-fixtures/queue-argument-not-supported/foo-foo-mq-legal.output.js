const rabbit = require('foo-foo-mq');

// rabbitmq4-codemod(at-least-once-dead-lettering): set x-overflow: 'reject-publish' (setting
// x-max-length or x-max-length-bytes too is recommended), or set them through a policy (overflow,
// dead-letter-exchange): an existing queue refuses changed arguments (406 inequivalent arg) until
// it is recreated, while a policy applies to it as it is
// rabbitmq4-codemod(unbounded-prefetch): give the connection replyQueue: false if this process
// sends no requests (foo-foo-mq otherwise declares and consumes a reply queue for every
// connection), or replyQueue: { name: 'my-service.replies', autoDelete: true, subscribe: true,
// limit: 10 } so that its replies come with a prefetch
rabbit.configure({
  connection: { host: 'localhost' },
  queues: [
    { name: 'q.orders', type: 'quorum', deadLetter: 'ex.dead', deadLetterStrategy: 'at-least-once', subscribe: true, limit: 10 },
    // A user `arguments` table never reaches the broker: foo-foo-mq replaces it.
    { name: 'q.tasks', queueLimit: 1000, arguments: { 'x-delivery-limit': 5 } },
  ],
});
