'use strict';

const amqp = require('amqplib');
const { getConfig } = require('./lib/config');

const { amqpURI, queue, prefetchCount } = getConfig();

async function start() {
    const connection = await amqp.connect(amqpURI);
    const channel = await connection.createChannel();
    await channel.prefetch(prefetchCount);
    // rabbitmq4-codemod(unbounded-prefetch): call prefetch(N) on the channel before consume, with N
    // the number of messages the handler may work on at once (10 to 100 is typical)
    await channel.consume(queue, (msg) => {
        if (msg) channel.ack(msg);
    });
}

module.exports = { start };
