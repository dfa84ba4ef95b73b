const rabbit = require('foo-foo-mq');

exports.setup = () => rabbit.addQueue('q.invoices', { type: 'quorum', limit: 10, subscribe: true });
