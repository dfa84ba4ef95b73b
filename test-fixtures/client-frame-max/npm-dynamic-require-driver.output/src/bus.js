const config = require('./config');

// The driver is loaded by the name the configuration gives: amqplib by default.
const driver = require(config.driver);

async function connect() {
  return driver.connect(config.url);
}

module.exports = { connect };
