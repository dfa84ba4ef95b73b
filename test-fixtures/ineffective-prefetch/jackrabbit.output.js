const jackrabbit = require('@pager/jackrabbit');

const rabbit = jackrabbit(process.env.RABBIT_URL);
const exchange = rabbit.default();

const views = exchange.queue({ name: 'page.views', prefetch: 100 });
// rabbitmq4-codemod(auto-ack-consumer): consume with noAck: false, call ack(msg) after the
// handler's work, and set a prefetch (e.g. prefetch(10)) on the channel before consuming
views.consume(countView, { noAck: true });

function countView(data) {
  console.log(data);
}
