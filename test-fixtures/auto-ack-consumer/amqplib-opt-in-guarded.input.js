const amqp = require('amqplib');

async function start(url) {
  const conn = await amqp.connect(url);
  const channel = await conn.createChannel();
  await channel.consume('thumbnails', async function (msg) {
    if (!msg) return;
    await resize(msg.content);
  }, { noAck: true });
  await channel.consume('audit', (msg) => {
    if (msg.properties.type === 'skip') return;
    record(msg);
  }, { noAck: true });
}

module.exports = { start };
