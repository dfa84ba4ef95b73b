const rabbit = require('foo-foo-mq');

// No `limit`: foo-foo-mq sets no prefetch on the queue's channel.
rabbit.configure({
  connection: { host: 'localhost' },
  queues: [{ name: 'q.emails', subscribe: true }],
});
