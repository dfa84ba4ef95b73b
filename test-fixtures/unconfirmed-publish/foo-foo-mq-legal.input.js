const rabbit = require('foo-foo-mq');

rabbit.configure({
  connection: { host: 'localhost' },
  exchanges: [{ name: 'ex.audit', type: 'fanout' }],
});

// A confirm channel (the default): the promise resolves on the broker's confirm.
exports.audit = async (entry) => {
  await rabbit.publish('ex.audit', { type: 'audit', body: entry });
  return 'stored';
};
