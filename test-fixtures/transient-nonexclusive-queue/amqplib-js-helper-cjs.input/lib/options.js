module.exports = {
  ORDERS: { durable: false },
  AUDIT: { durable: true },
};
