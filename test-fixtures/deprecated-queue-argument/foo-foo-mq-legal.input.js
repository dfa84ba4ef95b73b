const rabbit = require('foo-foo-mq');

rabbit.configure({
  connection: { host: 'localhost' },
  queues: [
    { name: 'q.archive', limit: 50, subscribe: true },
    { name: 'q.bulk', queueLimit: 100000, limit: 50, subscribe: true },
  ],
});
