const rabbit = require('foo-foo-mq');

exports.setup = () => rabbit.addQueue('q.invoices', { type: 'quorum', deadLetter: 'ex.invoices.dead', limit: 10, subscribe: true });
