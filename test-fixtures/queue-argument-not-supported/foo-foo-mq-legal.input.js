const rabbit = require('foo-foo-mq');

rabbit.configure({
  connection: { host: 'localhost' },
  queues: [
    { name: 'q.orders', type: 'quorum', deadLetter: 'ex.dead', deadLetterStrategy: 'at-least-once', subscribe: true, limit: 10 },
    // A user `arguments` table never reaches the broker: foo-foo-mq replaces it.
    { name: 'q.tasks', queueLimit: 1000, arguments: { 'x-delivery-limit': 5 } },
  ],
});
