// Plugins are loaded by the names a config file lists; none of this package's sources names amqplib.
const plugins = require('./plugins.json');

module.exports = plugins.map((name) => require(name));
