const amqp = require('amqplib');
const { declareQueue, declareScratch, declareLogged } = require('./lib/queues');
const { ORDERS, AUDIT } = require('./lib/options');

async function main(url) {
  const conn = await amqp.connect(url);
  const ch = await conn.createChannel();
  await declareQueue(ch, 'orders', ORDERS);
  await declareQueue(ch, 'audit', AUDIT);
  await declareQueue(ch, 'cache', { durable: false });
  await declareScratch(ch, 'scratch');
  await declareScratch(ch, 'kept', true);
  await declareLogged(ch, 'logged', false);
  await require('./lib/retry').declareRetry(ch, 'orders', false);
}

main(process.env.AMQP_URL);
