// The connection is this function's parameter: connect.js passes onReady.bind(undefined, obj).
function onReady(connection) {
  connection.queueDeclare({ queue: 'invoices', durable: false });
  connection.createConsumer({ queue: 'invoices.events', noAck: true }, async (msg) => console.log(msg.body));
}

module.exports = { onReady };
