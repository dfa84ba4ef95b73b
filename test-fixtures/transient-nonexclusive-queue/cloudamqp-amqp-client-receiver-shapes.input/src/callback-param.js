// The channel is this function's parameter: connect.js passes onReady.bind(undefined, obj).
function onReady(channel) {
  channel.queueDeclare('invoices', { durable: false });
  channel.basicConsume('invoices.events', { noAck: true }, (msg) => console.log(msg.bodyToString()));
}

module.exports = { onReady };
