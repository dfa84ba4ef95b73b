module.exports = {
  consumers: require('./consumers'),
};
