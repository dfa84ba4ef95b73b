module.exports = function startOrders(manager) {
  const channel = manager.channelFor('orders');
  channel.consume('orders', (msg) => console.log(msg.content.toString()), { noAck: true });
  channel.consume('orders.retry', (msg) => {
    console.log(msg.content.toString());
    channel.ack(msg);
  });
};
