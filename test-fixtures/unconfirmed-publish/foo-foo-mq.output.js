const rabbit = require('foo-foo-mq');

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
