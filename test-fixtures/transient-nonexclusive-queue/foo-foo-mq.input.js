const rabbit = require('foo-foo-mq');

rabbit.configure({
  connection: { host: 'localhost' },
  exchanges: [{ name: 'ex.jobs', type: 'direct' }],
  queues: [
    { name: 'q.jobs', durable: false, subscribe: true, limit: 10 },
  ],
  bindings: [{ exchange: 'ex.jobs', target: 'q.jobs', keys: ['job'] }],
});

exports.addNotifications = () => rabbit.addQueue('q.notifications', { durable: false, autoDelete: true, limit: 5 });
