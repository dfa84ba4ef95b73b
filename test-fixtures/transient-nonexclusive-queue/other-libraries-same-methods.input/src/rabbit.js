// The RabbitMQ side of the service: legal declarations only, so that every finding of this project would be wrong.
const amqp = require('amqp');
const amqplib = require('amqplib');
const { AMQPClient } = require('@cloudamqp/amqp-client');

async function connect(url) {
  const legacy = amqp.createConnection({ url });
  legacy.on('ready', () => legacy.queue('notifications', { durable: true, autoDelete: false }));
  const channel = await (await amqplib.connect(url)).createChannel();
  await channel.assertQueue('notifications.v2');
  const ch = await (await new AMQPClient(url).connect()).channel();
  await ch.queue('notifications.v3');
  return { legacy, channel, ch };
}

module.exports = { connect };
