const jackrabbit = require('@pager/jackrabbit');

const rabbit = jackrabbit(process.env.RABBIT_URL);
const exchange = rabbit.default();

const hello = exchange.queue({ name: 'hello', durable: true });
hello.consume((data, ack) => {
  console.log(data);
  ack();
});

// jackrabbit declares the RPC queue itself with { durable: false, autoDelete: true }.
// rabbitmq4-codemod(transient-nonexclusive-queue): declare the queue durable: true (add an expires
// / x-expires TTL if it should disappear when idle), or exclusive: true if only this connection
// uses it (not rewritten: jackrabbit's rpcServer() declares its queue with { durable: false,
// autoDelete: true } itself and takes no queue options: declare the queue with exchange.queue({
// name: key, key, durable: true, prefetch: 1 }) and call .consume(handler) on it instead (the
// handler's ack(reply) answers the request the same way))
exchange.rpcServer('add', (data, reply) => reply(data.a + data.b));
