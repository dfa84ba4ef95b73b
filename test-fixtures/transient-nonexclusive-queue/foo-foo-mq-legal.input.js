const rabbot = require('rabbot');

// foo-foo-mq / rabbot never set durable: amqplib's default (true) applies, whatever the docs say.
rabbot.configure({
  connection: { host: 'localhost' },
  queues: [
    { name: 'q.jobs', subscribe: true, limit: 10 },
    { name: 'q.replies', durable: false, exclusive: true },
    { name: 'q.legacy', durable: false, passive: true },
  ],
});
