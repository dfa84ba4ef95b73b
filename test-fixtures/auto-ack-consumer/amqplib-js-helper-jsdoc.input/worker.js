const amqp = require('amqplib');
const { consumeOrders } = require('./lib/consume');

async function main(url) {
  const ch = await (await amqp.connect(url)).createChannel();
  await consumeOrders(ch, (msg) => console.log(msg.content.toString()));
  await require('./lib/consume').consumeAudit(ch, (msg) => ch.ack(msg));
}

main(process.env.AMQP_URL);
