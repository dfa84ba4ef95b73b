module.exports = function startOrders(manager) {
  const channel = manager.channelFor('orders');
  // rabbitmq4-codemod(auto-ack-consumer): consume with noAck: false, call ack(msg) after the
  // handler's work, and set a prefetch (e.g. prefetch(10)) on the channel before consuming
  channel.consume('orders', (msg) => console.log(msg.content.toString()), { noAck: true });
  // rabbitmq4-codemod(unbounded-prefetch): call prefetch(N) on the channel before consume, with N
  // the number of messages the handler may work on at once (10 to 100 is typical)
  channel.consume('orders.retry', (msg) => {
    console.log(msg.content.toString());
    channel.ack(msg);
  });
};
