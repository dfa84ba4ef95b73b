// The connection is this function's parameter: connect.js passes onReady.bind(undefined, obj).
function onReady(connection) {
  connection.declareQueue('invoices', { durable: false });
  connection.declareQueue('invoices.events').activateConsumer((message) => message.ack(), { noAck: true });
}

module.exports = { onReady };
