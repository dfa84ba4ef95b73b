// The queue is this function's parameter: connect.js passes onQueue.bind(null, handler) as connection.queue()'s callback.
function onQueue(handler, q) {
  q.bind('mail', '#');
  // No options: node-amqp's ack is false, so the broker acknowledges each message as it sends it.
  q.subscribe(handler);
}

module.exports = { onQueue };
