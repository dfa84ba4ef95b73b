const jackrabbit = require('@pager/jackrabbit');

const rabbit = jackrabbit(process.env.RABBIT_URL);
const exchange = rabbit.default();

exchange.queue({ name: 'thumbnails' }).consume(resize, { noAck: true });

function resize(data) {
  console.log('resizing', data);
}
