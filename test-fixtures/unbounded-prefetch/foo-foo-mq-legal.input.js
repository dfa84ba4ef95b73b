const rabbit = require('foo-foo-mq');

rabbit.configure({
  connection: { host: 'localhost' },
  queues: [{ name: 'q.emails', subscribe: true, limit: 25 }],
});
