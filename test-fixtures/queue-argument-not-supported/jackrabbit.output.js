const jackrabbit = require('@pager/jackrabbit');

const rabbit = jackrabbit(process.env.RABBIT_URL);
const exchange = rabbit.default();

const urgent = exchange.queue({
  name: 'urgent',
  arguments: { 'x-queue-type': 'quorum', 'x-delivery-limit': 3 },
});
urgent.consume((data, ack) => ack());
