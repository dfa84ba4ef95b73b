// The service talks to two brokers: the old one through node-amqp, the new one through @cloudamqp/amqp-client.
const amqp = require('amqp');
const { AMQPClient } = require('@cloudamqp/amqp-client');
const { declareAll } = require('./declare');

function legacy(url) {
  return amqp.createConnection({ url });
}

async function modern(url) {
  return (await new AMQPClient(url).connect()).channel();
}

module.exports = { legacy, modern, declareAll };
