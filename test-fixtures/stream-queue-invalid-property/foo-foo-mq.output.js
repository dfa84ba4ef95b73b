const rabbit = require('foo-foo-mq');

exports.setup = () => rabbit.addQueue('q.audit', { type: 'stream', exclusive: false });
