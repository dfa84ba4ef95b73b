// The exchange is this function's parameter: connect.js passes onReady.bind(undefined, obj).
function onReady(exchange) {
  exchange.queue({ name: 'invoices', durable: true });
  // rabbitmq4-codemod(auto-ack-consumer): consume with noAck: false, call ack(msg) after the
  // handler's work, and set a prefetch (e.g. prefetch(10)) on the channel before consuming
  exchange.queue({ name: 'invoices.events' }).consume((data, ack) => ack(), { noAck: true });
}

module.exports = { onReady };
