// The channel is this function's parameter; connect.js passes the function as onChannel.bind(undefined, resolve).
function onChannel(resolve, err, ch) {
  if (err) throw err;
  ch.assertQueue('invoices', { durable: true });
  // rabbitmq4-codemod(auto-ack-consumer): consume with noAck: false, call ack(msg) after the
  // handler's work, and set a prefetch (e.g. prefetch(10)) on the channel before consuming
  ch.consume('invoices', (msg) => ch.ack(msg), { noAck: true });
  resolve(ch);
}

module.exports = { onChannel };
