const jackrabbit = require('@pager/jackrabbit');

const rabbit = jackrabbit(process.env.RABBIT_URL);
const exchange = rabbit.default();

// prefetch: 0 turns jackrabbit's default of 1 into "unlimited".
const imports = exchange.queue({ name: 'imports', prefetch: 0 });
// rabbitmq4-codemod(unbounded-prefetch): call prefetch(N) on the channel before consume, with N the
// number of messages the handler may work on at once (10 to 100 is typical)
imports.consume((data, ack) => {
  importRow(data);
  ack();
});

function importRow(row) {
  console.log(row);
}
