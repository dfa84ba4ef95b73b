const rabbit = require('foo-foo-mq');

rabbit.handle('metric', (message) => record(message.body));

rabbit.configure({
  connection: { host: 'localhost' },
  queues: [{ name: 'q.metrics', noAck: true, subscribe: true }],
});

function record(value) {
  console.log(value);
}
