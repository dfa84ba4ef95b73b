/**
 * @param {import('amqplib').Channel} ch
 * @param {(msg: object) => void} handler
 */
async function consumeOrders(ch, handler) {
  // rabbitmq4-codemod(auto-ack-consumer): consume with noAck: false, call ack(msg) after the
  // handler's work, and set a prefetch (e.g. prefetch(10)) on the channel before consuming
  await ch.consume('orders', handler, { noAck: true });
}

/** @param {Channel} channel */
exports.consumeAudit = async (channel, handler) => {
  // rabbitmq4-codemod(unbounded-prefetch): call prefetch(N) on the channel before consume, with N
  // the number of messages the handler may work on at once (10 to 100 is typical)
  await channel.consume('audit', handler, { noAck: false });
};

module.exports.consumeOrders = consumeOrders;
