const rabbit = require('foo-foo-mq');

rabbit.configure({
  connection: { host: 'localhost' },
  queues: [{ name: 'q.events', type: 'stream', subscribe: true }],
});
