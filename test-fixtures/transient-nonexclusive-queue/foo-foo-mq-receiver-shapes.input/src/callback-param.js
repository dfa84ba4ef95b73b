// The broker is this function's parameter: connect.js passes onReady.bind(undefined, obj).
function onReady(broker) {
  broker.addQueue('invoices', { durable: false });
  broker.addQueue('invoices.events', { noAck: true, subscribe: true });
}

module.exports = { onReady };
