const jackrabbit = require('@pager/jackrabbit');

const rabbit = jackrabbit(process.env.RABBIT_URL);
const exchange = rabbit.default();

exchange.queue({ name: 'reports', arguments: { 'x-queue-leader-locator': 'client-local' } });
