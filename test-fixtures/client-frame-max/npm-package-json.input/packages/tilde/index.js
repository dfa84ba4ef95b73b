const amqp = require('amqplib');

module.exports = amqp;
