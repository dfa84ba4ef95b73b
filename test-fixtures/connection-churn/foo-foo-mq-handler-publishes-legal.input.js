// A long-lived service: its handler publishes through the connection configured at start-up.
const rabbit = require('foo-foo-mq');

rabbit.handle('order.created', async (msg) => {
  await rabbit.publish('ex.invoices', { type: 'invoice.requested', body: msg.body });
  msg.ack();
});

rabbit.configure({ connection: { host: 'localhost' }, queues: [{ name: 'orders', subscribe: true, limit: 10 }] });
