const rabbit = require('foo-foo-mq');

exports.setup = async () => {
  await rabbit.addQueue('q.clicks', { limit: 100 });
  await rabbit.startSubscription('q.clicks');
};
