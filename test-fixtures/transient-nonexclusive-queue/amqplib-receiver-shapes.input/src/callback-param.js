// The channel is this function's parameter; connect.js passes the function as onChannel.bind(undefined, resolve).
function onChannel(resolve, err, ch) {
  if (err) throw err;
  ch.assertQueue('invoices', { durable: false });
  ch.consume('invoices', (msg) => ch.ack(msg), { noAck: true });
  resolve(ch);
}

module.exports = { onChannel };
