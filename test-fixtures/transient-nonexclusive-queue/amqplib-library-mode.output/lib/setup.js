// The library's own setup of its two queues: one overrides the default, one keeps it.
'use strict';
const amqp = require('amqplib');
const { Topology } = require('./index');

async function setup(url) {
  const connection = await amqp.connect(url);
  const topology = new Topology(await connection.createChannel());
  await topology.createQueue('events', { durable: true });
  await topology.createQueue('scratch', { autoDelete: true });
}

module.exports = { setup };
