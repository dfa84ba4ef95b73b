// The wrapper is this function's parameter: connect.js passes onReady.bind(undefined, obj).
function onReady(wrapper) {
  wrapper.assertQueue('invoices', { durable: false });
  wrapper.consume('invoices.events', (msg) => console.log(msg.content), { noAck: true });
}

module.exports = { onReady };
