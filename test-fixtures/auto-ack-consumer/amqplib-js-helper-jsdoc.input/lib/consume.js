/**
 * @param {import('amqplib').Channel} ch
 * @param {(msg: object) => void} handler
 */
async function consumeOrders(ch, handler) {
  await ch.consume('orders', handler, { noAck: true });
}

/** @param {Channel} channel */
exports.consumeAudit = async (channel, handler) => {
  await channel.consume('audit', handler, { noAck: false });
};

module.exports.consumeOrders = consumeOrders;
