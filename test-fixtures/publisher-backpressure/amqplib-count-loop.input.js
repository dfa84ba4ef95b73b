// A load test: ten thousand messages written as fast as the loop runs, whatever the channel's buffer says.
const CONN_URL = 'amqp://rabbitmq';
const requestCount = 10000;

setTimeout(async () => {
  const connection = await require('amqplib').connect(CONN_URL);
  const channel = await connection.createChannel();
  await channel.assertExchange('logs', 'fanout', { durable: false });
  for (let index = 0; index < requestCount; index++) {
    channel.publish('logs', '', Buffer.from(`${index}: 'Hello World!'`));
  }
  channel.publish('logs', '', Buffer.from('end'));
}, 11000);
