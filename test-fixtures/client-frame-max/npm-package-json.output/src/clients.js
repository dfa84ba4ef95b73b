// The service's own code loads both clients, so their ranges decide whether it can connect.
const amqp = require('amqplib');
const { Connection } = require('rabbitmq-client');

module.exports = { amqp, Connection };
