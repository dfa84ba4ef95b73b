module.exports = function startOrders(manager) {
  const channel = manager.channelFor('orders');
  channel.consume('orders', (msg) => {
    if (msg === null) { /* consumer cancelled by the broker */ return; }
    console.log(msg.content.toString());
    channel.ack(msg);
  });
};
