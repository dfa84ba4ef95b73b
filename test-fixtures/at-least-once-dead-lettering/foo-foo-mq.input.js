const rabbit = require('foo-foo-mq');

rabbit.configure({
  connection: { host: 'localhost' },
  queues: [
    { name: 'q.orders', type: 'quorum', deadLetter: 'ex.dead', deadLetterStrategy: 'at-least-once', subscribe: true, limit: 10 },
    // Negative: at-most-once needs nothing else.
    { name: 'q.tasks', type: 'quorum', deadLetter: 'ex.dead', deadLetterStrategy: 'at-most-once', subscribe: true, limit: 10 },
  ],
});
