module.exports = {
  LEGACY_OPTIONS: { durable: false },
};
