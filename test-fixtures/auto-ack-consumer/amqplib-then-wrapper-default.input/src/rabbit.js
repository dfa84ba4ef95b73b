// A promise-chain wrapper: the consume sits in a .then callback, and noAck comes from the wrapper's destructured
// parameter, whose default (true) is written here. A caller that leaves it out gets that default: one finding, here,
// each such call a related place.
const amqp = require('amqplib');

function subscribe(queue, handler, { noAck = true, prefetch } = {}) {
  return amqp
    .connect(process.env.AMQP_URL)
    .then((conn) => conn.createChannel())
    .then((ch) => {
      if (prefetch) ch.prefetch(prefetch);
      return ch.assertQueue(queue, { durable: true }).then(() => ch.consume(queue, (msg) => handler(ch, msg), { noAck }));
    });
}

module.exports = { subscribe };
