module.exports = {
  ORDERS: { durable: true },
  AUDIT: { durable: true },
};
