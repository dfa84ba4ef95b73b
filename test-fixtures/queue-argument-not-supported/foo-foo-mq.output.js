const rabbit = require('foo-foo-mq');

rabbit.configure({
  connection: { host: 'localhost' },
  queues: [
    { name: 'q.orders', type: 'quorum', deadLetter: 'ex.dead', subscribe: true, limit: 10 },
  ],
});
