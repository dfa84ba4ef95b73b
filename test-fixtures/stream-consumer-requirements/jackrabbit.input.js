const jackrabbit = require('@pager/jackrabbit');

const rabbit = jackrabbit(process.env.RABBIT_URL);
const exchange = rabbit.default();

const ticks = exchange.queue({ name: 'ticks', arguments: { 'x-queue-type': 'stream' } });
ticks.consume((data) => console.log(data), { noAck: true });
