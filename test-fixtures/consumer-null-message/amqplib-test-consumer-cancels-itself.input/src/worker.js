// The service's own consumer of a queue named by its configuration: it runs for as long as the service does.
const amqp = require('amqplib');

module.exports.start = async (config) => {
  const conn = await amqp.connect(config.uri);
  const channel = await conn.createChannel();
  await channel.prefetch(5);
  await channel.consume(config.queue, async (message) => {
    const block = JSON.parse(message.content.toString());
    console.log(block.number);
    channel.ack(message);
  });
};
