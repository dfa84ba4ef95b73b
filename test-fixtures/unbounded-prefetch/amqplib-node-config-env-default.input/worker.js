'use strict';

const amqp = require('amqplib');
const { getConfig } = require('./lib/config');

const { amqpURI, queue, prefetchCount } = getConfig();

async function start() {
    const connection = await amqp.connect(amqpURI);
    const channel = await connection.createChannel();
    await channel.prefetch(prefetchCount);
    await channel.consume(queue, (msg) => {
        if (msg) channel.ack(msg);
    });
}

module.exports = { start };
