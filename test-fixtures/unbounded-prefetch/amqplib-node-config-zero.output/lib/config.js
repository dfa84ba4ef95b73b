'use strict';

const config = require('config');

const rabbitmqConfig = config.get('rabbitmq');
const { host, queue, prefetchCount } = rabbitmqConfig;

function getConfig() {
    return {
        amqpURI: `amqp://${host}`,
        queue,
        prefetchCount: Number(prefetchCount)
    };
}

module.exports = { getConfig };
