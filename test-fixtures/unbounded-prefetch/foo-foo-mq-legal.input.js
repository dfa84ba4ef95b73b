// No reply queue (this process sends no requests) and a limit on its queue: nothing to report.
const rabbit = require('foo-foo-mq');

rabbit.configure({
  connection: { host: 'localhost', replyQueue: false },
  queues: [{ name: 'q.emails', subscribe: true, limit: 25 }],
});
