// The service loads its clients, so what the lock file installs decides whether it connects.
require('amqplib');
require('rabbitmq-client');
require('jackrabbit');

module.exports = {};
