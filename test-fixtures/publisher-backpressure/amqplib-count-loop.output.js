// A load test: ten thousand messages written as fast as the loop runs, whatever the channel's buffer says.
const CONN_URL = 'amqp://rabbitmq';
const requestCount = 10000;

setTimeout(async () => {
  const connection = await require('amqplib').connect(CONN_URL);
  const channel = await connection.createChannel();
  await channel.assertExchange('logs', 'fanout', { durable: false });
  for (let index = 0; index < requestCount; index++) {
    // rabbitmq4-codemod(publisher-backpressure): wait when the buffer is full:
    // `if (!channel.publish(...)) await once(channel, 'drain')` (once from node:events), so that
    // the loop waits instead of the memory growing; publisher confirms do not do this (they say the
    // broker has the message, not that the buffer has room)
    channel.publish('logs', '', Buffer.from(`${index}: 'Hello World!'`));
  }
  channel.publish('logs', '', Buffer.from('end'));
}, 11000);
