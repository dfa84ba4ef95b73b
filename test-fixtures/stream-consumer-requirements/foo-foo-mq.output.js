const rabbit = require('foo-foo-mq');

// rabbitmq4-codemod(stream-consumer-requirements): call prefetch(N) with N > 0 on the channel
// before consuming the stream
rabbit.configure({
  connection: { host: 'localhost' },
  queues: [{ name: 'q.events', type: 'stream', subscribe: true }],
});
