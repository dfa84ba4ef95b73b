const jackrabbit = require('@pager/jackrabbit');

const rabbit = jackrabbit(process.env.RABBIT_URL);
const exchange = rabbit.default();

exchange.queue({ name: 'imports' }).consume((data, ack) => ack());
exchange.queue({ name: 'exports', prefetch: 25 }).consume((data, ack) => ack());
