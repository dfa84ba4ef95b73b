// The handler checks for null, but nacks in the branch where the message is null: reported, not rewritten
// (a guard above it would make that branch dead).
const amqp = require('amqplib');

async function start(url) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.prefetch(10);
  await ch.consume('orders', (msg) => {
    if (msg) {
      process(msg.content);
      ch.ack(msg);
    } else {
      ch.nack(msg);
    }
  });
  await ch.consume('invoices', (msg) => {
    const id = msg.properties.messageId;
    if (!msg) return;
    ch.ack(msg);
    return id;
  });
}

function process(body) {
  return body;
}

module.exports = { start };
