const rabbit = require('foo-foo-mq');

rabbit.configure({
  connection: { host: 'localhost' },
  exchanges: [{ name: 'ex.jobs', type: 'direct' }],
  queues: [
    { name: 'q.jobs', durable: true, subscribe: true, limit: 10 },
  ],
  bindings: [{ exchange: 'ex.jobs', target: 'q.jobs', keys: ['job'] }],
});

exports.addNotifications = () => rabbit.addQueue('q.notifications', { durable: true, autoDelete: true, limit: 5 });
