const rabbit = require('foo-foo-mq');

// No `limit`: foo-foo-mq sets no prefetch on the queue's channel.
// rabbitmq4-codemod(unbounded-prefetch): call prefetch(N) on the channel before consume, with N the
// number of messages the handler may work on at once (10 to 100 is typical)
rabbit.configure({
  connection: { host: 'localhost' },
  queues: [{ name: 'q.emails', subscribe: true }],
});
