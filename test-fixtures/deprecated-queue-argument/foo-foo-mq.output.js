const rabbit = require('foo-foo-mq');

// rabbitmq4-codemod(deprecated-queue-argument): remove queueMode (x-queue-mode) when the queue is
// next recreated (removing it from the declaration of an existing queue is refused with 406
// inequivalent arg 'x-queue-mode')
rabbit.configure({
  connection: { host: 'localhost' },
  queues: [
    { name: 'q.archive', limit: 50, subscribe: true },
    { name: 'q.bulk', queueMode: 'lazy', limit: 50, subscribe: true },
  ],
});
