const jackrabbit = require('@pager/jackrabbit');

const rabbit = jackrabbit(process.env.RABBIT_URL);
const exchange = rabbit.default();

const urgent = exchange.queue({ name: 'urgent', messageTtl: 60000, maxLength: 500, arguments: { 'x-max-priority': 5 } });
urgent.consume((data, ack) => ack());
