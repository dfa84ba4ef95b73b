const rabbit = require('foo-foo-mq');

rabbit.handle('metric', (message) => {
  record(message.body);
  message.ack();
});

rabbit.configure({
  connection: { host: 'localhost' },
  queues: [{ name: 'q.metrics', limit: 20 }],
}).then(() => rabbit.startSubscription('q.metrics'));

function record(value) {
  console.log(value);
}
