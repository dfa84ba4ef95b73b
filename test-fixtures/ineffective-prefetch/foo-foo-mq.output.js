const rabbit = require('foo-foo-mq');

exports.setup = async () => {
  await rabbit.addQueue('q.clicks', { limit: 100, noAck: true });
  // rabbitmq4-codemod(auto-ack-consumer): consume with noAck: false, call ack(msg) after the
  // handler's work, and set a prefetch (e.g. prefetch(10)) on the channel before consuming
  await rabbit.startSubscription('q.clicks');
};
