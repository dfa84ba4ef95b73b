// The connection is this function's parameter: connect.js passes onReady.bind(undefined, obj).
function onReady(connection) {
  connection.queueDeclare({ queue: 'invoices', durable: true });
  // rabbitmq4-codemod(auto-ack-consumer): remove noAck: true from the createConsumer props
  // (rabbitmq-client then acknowledges each message when the handler resolves, and requeues it when
  // the handler throws) and set qos: { prefetchCount: 10 }
  connection.createConsumer({ queue: 'invoices.events', noAck: true, queueOptions: { durable: true } }, async (msg) => console.log(msg.body));
}

module.exports = { onReady };
