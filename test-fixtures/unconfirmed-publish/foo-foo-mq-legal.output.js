const rabbit = require('foo-foo-mq');

// rabbitmq4-codemod(unbounded-prefetch): give the connection replyQueue: false if this process
// sends no requests (foo-foo-mq otherwise declares and consumes a reply queue for every
// connection), or replyQueue: { name: 'my-service.replies', autoDelete: true, subscribe: true,
// limit: 10 } so that its replies come with a prefetch
rabbit.configure({
  connection: { host: 'localhost' },
  exchanges: [{ name: 'ex.audit', type: 'fanout' }],
});

// A confirm channel (the default): the promise resolves on the broker's confirm.
exports.audit = async (entry) => {
  await rabbit.publish('ex.audit', { type: 'audit', body: entry });
  return 'stored';
};
