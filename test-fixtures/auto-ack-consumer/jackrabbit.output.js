const jackrabbit = require('@pager/jackrabbit');

const rabbit = jackrabbit(process.env.RABBIT_URL);
const exchange = rabbit.default();

// rabbitmq4-codemod(auto-ack-consumer): consume with noAck: false, call ack(msg) after the
// handler's work, and set a prefetch (e.g. prefetch(10)) on the channel before consuming
exchange.queue({ name: 'thumbnails' }).consume(resize, { noAck: true });

function resize(data) {
  console.log('resizing', data);
}
