// The channel comes from a pool module written in plain JavaScript: the tool does not trace it.
const pool = [];

module.exports.getChannel = async function getChannel() {
  return pool[0];
};
