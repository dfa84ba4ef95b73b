// The service loads its clients, so what the lock file installs decides whether it connects.
require('rabbitmq-client');

module.exports = {};
