const rabbit = require('foo-foo-mq');

exports.publishAll = async (orders) => {
  await Promise.all(orders.map((order) => rabbit.publish('ex.orders', { type: 'order.created', body: order })));
};
