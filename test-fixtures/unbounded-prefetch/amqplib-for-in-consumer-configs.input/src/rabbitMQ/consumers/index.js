module.exports = {
  log: require('./log.consumer'),
};
