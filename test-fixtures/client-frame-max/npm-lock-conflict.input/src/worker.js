const amqp = require('amqplib');

module.exports = () => amqp.connect(process.env.AMQP_URL);

module.exports.session = () => import('@cloudamqp/amqp-client');
