const amqp = require('amqplib');

async function start(url) {
  const conn = await amqp.connect(url);
  const channel = await conn.createChannel();
  await channel.prefetch(10);
  await channel.consume('thumbnails', async function (msg) {
    if (!msg) return;
    await resize(msg.content);
    channel.ack(msg);
  }, { noAck: false });
  // rabbitmq4-codemod(auto-ack-consumer): consume with noAck: false, call ack(msg) after the
  // handler's work, and set a prefetch (e.g. prefetch(10)) on the channel before consuming (not
  // rewritten: the handler returns early, so "after its work" is ambiguous)
  await channel.consume('audit', (msg) => {
    if (msg.properties.type === 'skip') return;
    record(msg);
  }, { noAck: true });
}

module.exports = { start };
