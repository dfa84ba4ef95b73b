// The connection is this function's parameter: connect.js passes onReady.bind(undefined, obj).
function onReady(connection) {
  // rabbitmq4-codemod(amqp10-v1-address): make sure the queue exists (declare it before attaching),
  // then attach to '/queues/invoices'
  connection.open_receiver('/queue/invoices');
  connection.open_sender('/exchanges/invoices/created');
}

module.exports = { onReady };
