const rabbit = require('foo-foo-mq');

// rabbitmq4-codemod(unbounded-prefetch): give the connection replyQueue: false if this process
// sends no requests (foo-foo-mq otherwise declares and consumes a reply queue for every
// connection), or replyQueue: { name: 'my-service.replies', autoDelete: true, subscribe: true,
// limit: 10 } so that its replies come with a prefetch
rabbit.configure({
  connection: { host: 'localhost' },
  exchanges: [{ name: 'ex.audit', type: 'fanout', noConfirm: true }],
});

exports.audit = async (entry) => {
  // rabbitmq4-codemod(unconfirmed-publish): publish on a confirm channel (createConfirmChannel) and
  // wait for the confirm (the publish callback, or waitForConfirms())
  await rabbit.publish('ex.audit', { type: 'audit', body: entry });
  return 'stored';
};
