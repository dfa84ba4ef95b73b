const jackrabbit = require('@pager/jackrabbit');

const rabbit = jackrabbit(process.env.RABBIT_URL);
const exchange = rabbit.default();

// jackrabbit sets prefetch 1 on the queue's channel and consumes with noAck false.
const ticks = exchange.queue({ name: 'ticks', arguments: { 'x-queue-type': 'stream' } });
ticks.consume((data, ack) => {
  console.log(data);
  ack();
});
