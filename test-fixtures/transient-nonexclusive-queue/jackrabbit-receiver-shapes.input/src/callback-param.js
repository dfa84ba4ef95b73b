// The exchange is this function's parameter: connect.js passes onReady.bind(undefined, obj).
function onReady(exchange) {
  exchange.queue({ name: 'invoices', durable: false });
  exchange.queue({ name: 'invoices.events' }).consume((data, ack) => ack(), { noAck: true });
}

module.exports = { onReady };
