// foo-foo-mq declares and consumes a reply queue for every connection, whether or not the code sends a request:
// `<id>.response.queue` when the connection sets no replyQueue, the named one for a string, the options given for an
// object. Consumed with foo-foo-mq's defaults (noAck false), they have no prefetch without a limit.
const rabbit = require('foo-foo-mq');

async function start() {
  await rabbit.configure({
    connection: { uri: process.env.AMQP_URL },
    queues: [{ name: 'jobs', subscribe: true, limit: 10 }],
  });
  await rabbit.addConnection({ name: 'audit', uri: process.env.AUDIT_URL, replyQueue: 'audit.replies' });
  await rabbit.addConnection({ name: 'billing', uri: process.env.BILLING_URL, replyQueue: { name: 'billing.replies', autoDelete: true, subscribe: true, limit: 5 } });
  await rabbit.addConnection({ name: 'metrics', uri: process.env.METRICS_URL, replyQueue: false });
}

start();
