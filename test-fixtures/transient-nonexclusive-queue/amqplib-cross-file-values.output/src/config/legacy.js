module.exports = {
  LEGACY_OPTIONS: { durable: true },
};
