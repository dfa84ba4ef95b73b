// The channel is this function's parameter: connect.js passes onReady.bind(undefined, obj).
function onReady(channel) {
  channel.queueDeclare('invoices', { durable: true });
  // rabbitmq4-codemod(auto-ack-consumer): pass { noAck: false } (@cloudamqp/amqp-client defaults
  // noAck to true here), call msg.ack() after the handler's work, and call ch.prefetch(10) on the
  // channel before consuming
  channel.basicConsume('invoices.events', { noAck: true }, (msg) => console.log(msg.bodyToString()));
}

module.exports = { onReady };
