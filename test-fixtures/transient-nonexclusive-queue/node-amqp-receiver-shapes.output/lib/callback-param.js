// The queue is this function's parameter: connect.js passes onQueue.bind(null, handler) as connection.queue()'s callback.
function onQueue(handler, q) {
  q.bind('mail', '#');
  // No options: node-amqp's ack is false, so the broker acknowledges each message as it sends it.
  // rabbitmq4-codemod(auto-ack-consumer): consume with noAck: false, call ack(msg) after the
  // handler's work, and set a prefetch (e.g. prefetch(10)) on the channel before consuming
  q.subscribe(handler);
}

module.exports = { onQueue };
