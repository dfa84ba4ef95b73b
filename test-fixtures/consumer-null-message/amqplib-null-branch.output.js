// The handler checks for null, but nacks in the branch where the message is null: reported, not rewritten
// (a guard above it would make that branch dead).
const amqp = require('amqplib');

async function start(url) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.prefetch(10);
  // rabbitmq4-codemod(consumer-null-message): make the use of the message depend on the handler's
  // own null check (`msg`), so that a null message (the broker cancelled the consumer) never
  // reaches it
  await ch.consume('orders', (msg) => {
    if (msg) {
      process(msg.content);
      ch.ack(msg);
    } else {
      ch.nack(msg);
    }
  });
  // rabbitmq4-codemod(consumer-null-message): make the use of the message depend on the handler's
  // own null check (`!msg`), so that a null message (the broker cancelled the consumer) never
  // reaches it
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
