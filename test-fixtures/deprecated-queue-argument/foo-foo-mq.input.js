const rabbit = require('foo-foo-mq');

rabbit.configure({
  connection: { host: 'localhost' },
  queues: [
    { name: 'q.archive', queueVersion: 1, limit: 50, subscribe: true },
    { name: 'q.bulk', queueMode: 'lazy', limit: 50, subscribe: true },
  ],
});
