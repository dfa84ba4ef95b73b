const amqp = require('amqplib');
const { declareQueue, declareScratch, declareLogged } = require('./lib/queues');
const { ORDERS, AUDIT } = require('./lib/options');

async function main(url) {
  const conn = await amqp.connect(url);
  const ch = await conn.createChannel();
  await declareQueue(ch, 'orders', ORDERS);
  await declareQueue(ch, 'audit', AUDIT);
  await declareQueue(ch, 'cache', { durable: true });
  await declareScratch(ch, 'scratch');
  await declareScratch(ch, 'kept', true);
  // rabbitmq4-codemod(transient-nonexclusive-queue): declare the queue durable: true (add an
  // expires / x-expires TTL if it should disappear when idle), or exclusive: true if only this
  // connection uses it (not rewritten: the parameter `durable` of declareLogged() is also used for
  // other things, so changing the argument would change them too)
  await declareLogged(ch, 'logged', false);
  await require('./lib/retry').declareRetry(ch, 'orders', true);
}

main(process.env.AMQP_URL);
