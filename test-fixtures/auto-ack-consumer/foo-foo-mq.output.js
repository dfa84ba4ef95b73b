const rabbit = require('foo-foo-mq');

rabbit.handle('metric', (message) => record(message.body));

// rabbitmq4-codemod(auto-ack-consumer): consume with noAck: false, call ack(msg) after the
// handler's work, and set a prefetch (e.g. prefetch(10)) on the channel before consuming
rabbit.configure({
  connection: { host: 'localhost' },
  queues: [{ name: 'q.metrics', noAck: true, subscribe: true }],
});

function record(value) {
  console.log(value);
}
