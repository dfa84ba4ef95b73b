const rabbit = require('foo-foo-mq');

rabbit.configure({
  connection: { host: 'localhost' },
  exchanges: [{ name: 'ex.audit', type: 'fanout', noConfirm: true }],
});

exports.audit = async (entry) => {
  await rabbit.publish('ex.audit', { type: 'audit', body: entry });
  return 'stored';
};
