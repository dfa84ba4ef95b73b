const jackrabbit = require('@pager/jackrabbit');

const rabbit = jackrabbit(process.env.RABBIT_URL);
const exchange = rabbit.default();

const hello = exchange.queue({ name: 'hello', durable: false });
hello.consume((data, ack) => {
  console.log(data);
  ack();
});

// jackrabbit declares the RPC queue itself with { durable: false, autoDelete: true }.
exchange.rpcServer('add', (data, reply) => reply(data.a + data.b));
