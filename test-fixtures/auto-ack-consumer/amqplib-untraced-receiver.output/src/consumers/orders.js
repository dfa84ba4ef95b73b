module.exports = function startOrders(manager) {
  const channel = manager.channelFor('orders');
  // rabbitmq4-codemod(auto-ack-consumer): consume with noAck: false, call ack(msg) after the handler's work, and set a prefetch (e.g. prefetch(10)) on the channel before consuming
  // rabbitmq4-codemod(consumer-null-message): return early when the message is null, before the handler uses it: if (msg === null) { /* consumer cancelled by the broker */ return; } and consume again (or reconnect) if the consumer should keep running (not rewritten: the handler is not an inline function with a block body)
  channel.consume('orders', (msg) => console.log(msg.content.toString()), { noAck: true });
  // rabbitmq4-codemod(unbounded-prefetch): call prefetch(N) on the channel before consume, with N the number of messages the handler may work on at once (10 to 100 is typical)
  channel.consume('orders.retry', (msg) => {
    if (msg === null) { /* consumer cancelled by the broker */ return; }
    console.log(msg.content.toString());
    channel.ack(msg);
  });
};
