const rabbit = require('foo-foo-mq');

rabbit.configure({
  connection: { host: 'localhost' },
  queues: [
    { name: 'q.payments', type: 'quorum', durable: true, deadLetter: 'ex.dead', subscribe: true, limit: 20 },
  ],
});
