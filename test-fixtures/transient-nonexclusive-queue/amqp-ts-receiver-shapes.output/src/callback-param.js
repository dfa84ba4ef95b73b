// The connection is this function's parameter: connect.js passes onReady.bind(undefined, obj).
function onReady(connection) {
  connection.declareQueue('invoices', { durable: true });
  // rabbitmq4-codemod(auto-ack-consumer): consume with noAck: false, call ack(msg) after the
  // handler's work, and set a prefetch (e.g. prefetch(10)) on the channel before consuming
  connection.declareQueue('invoices.events').activateConsumer((message) => message.ack(), { noAck: true });
}

module.exports = { onReady };
