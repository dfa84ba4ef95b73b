// An options argument that is not an object: amqplib reads `options || {}` and then its properties, so `false`
// (written `durable = false`, as in Python) and a helper's `durable = false` default leave durable at amqplib's
// default, true. The broker makes these queues durable: nothing is refused, nothing is unknown.
const amqp = require('amqplib');

let durable;

async function main(url) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.assertQueue('logs', durable = false);
  await declare(ch, 'audit');
  await declare(ch, 'metrics', 0);
}

async function declare(ch, name, isDurable = false) {
  await ch.assertQueue(name, isDurable);
}

module.exports = { main };
