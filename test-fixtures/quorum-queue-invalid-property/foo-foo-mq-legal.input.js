const rabbit = require('foo-foo-mq');

rabbit.configure({
  connection: { host: 'localhost' },
  queues: [
    // foo-foo-mq leaves exclusive, autoDelete and maxPriority out of a quorum queue's declaration itself.
    { name: 'q.payments', type: 'quorum', autoDelete: true, maxPriority: 10, deadLetter: 'ex.dead', subscribe: true, limit: 20 },
  ],
});
