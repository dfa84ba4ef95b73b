const jackrabbit = require('@pager/jackrabbit');

const rabbit = jackrabbit(process.env.RABBIT_URL);
const exchange = rabbit.default();

const views = exchange.queue({ name: 'page.views', prefetch: 100 });
views.consume(countView, { noAck: true });

function countView(data) {
  console.log(data);
}
