// A long-lived service: its handler publishes through the connection configured at start-up.
const rabbit = require('foo-foo-mq');

rabbit.handle('order.created', async (msg) => {
  await rabbit.publish('ex.invoices', { type: 'invoice.requested', body: msg.body });
  msg.ack();
});

// rabbitmq4-codemod(unbounded-prefetch): give the connection replyQueue: false if this process
// sends no requests (foo-foo-mq otherwise declares and consumes a reply queue for every
// connection), or replyQueue: { name: 'my-service.replies', autoDelete: true, subscribe: true,
// limit: 10 } so that its replies come with a prefetch
rabbit.configure({ connection: { host: 'localhost' }, queues: [{ name: 'orders', subscribe: true, limit: 10 }] });
