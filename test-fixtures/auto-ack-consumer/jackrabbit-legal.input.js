const jackrabbit = require('@pager/jackrabbit');

const rabbit = jackrabbit(process.env.RABBIT_URL);
const exchange = rabbit.default();

// noAck defaults to false; the handler acks, and jackrabbit's prefetch defaults to 1.
exchange.queue({ name: 'thumbnails' }).consume(resize);

function resize(data, ack) {
  console.log('resizing', data);
  ack();
}
