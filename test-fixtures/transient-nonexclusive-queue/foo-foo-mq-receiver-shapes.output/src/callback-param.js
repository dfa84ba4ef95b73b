// The broker is this function's parameter: connect.js passes onReady.bind(undefined, obj).
function onReady(broker) {
  broker.addQueue('invoices', { durable: true });
  // rabbitmq4-codemod(auto-ack-consumer): consume with noAck: false, call ack(msg) after the
  // handler's work, and set a prefetch (e.g. prefetch(10)) on the channel before consuming
  broker.addQueue('invoices.events', { noAck: true, subscribe: true });
}

module.exports = { onReady };
