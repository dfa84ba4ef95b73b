const jackrabbit = require('@pager/jackrabbit');

const rabbit = jackrabbit(process.env.RABBIT_URL);
const exchange = rabbit.direct('audit');

exports.audit = exchange.queue({ name: 'audit.stream', key: 'audit', arguments: { 'x-queue-type': 'stream', 'x-max-length-bytes': 1e9 } });
