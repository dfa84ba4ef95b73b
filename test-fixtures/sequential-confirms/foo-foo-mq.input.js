const rabbit = require('foo-foo-mq');

// Exchanges publish on confirm channels by default: each publish resolves on the broker's confirm.
exports.publishAll = async (orders) => {
  for (const order of orders) {
    await rabbit.publish('ex.orders', { type: 'order.created', body: order });
  }
};
