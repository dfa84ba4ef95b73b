const rabbit = require('foo-foo-mq');

rabbit.handle('metric', (message) => record(message.body));

// rabbitmq4-codemod(auto-ack-consumer): consume with noAck: false, call ack(msg) after the
// handler's work, and set a prefetch (e.g. prefetch(10)) on the channel before consuming
// rabbitmq4-codemod(unbounded-prefetch): give the connection replyQueue: false if this process
// sends no requests (foo-foo-mq otherwise declares and consumes a reply queue for every
// connection), or replyQueue: { name: 'my-service.replies', autoDelete: true, subscribe: true,
// limit: 10 } so that its replies come with a prefetch
rabbit.configure({
  connection: { host: 'localhost' },
  queues: [{ name: 'q.metrics', noAck: true, subscribe: true }],
});

function record(value) {
  console.log(value);
}
