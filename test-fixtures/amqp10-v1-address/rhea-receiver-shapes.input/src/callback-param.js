// The connection is this function's parameter: connect.js passes onReady.bind(undefined, obj).
function onReady(connection) {
  connection.open_receiver('/queue/invoices');
  connection.open_sender('/exchange/invoices/created');
}

module.exports = { onReady };
