// A bus the library's users hand in: its consume has amqplib's shape, but nothing called on it is amqplib-only,
// and the package names no client: it is not taken for an amqplib channel.
'use strict';

function register(bus, handler) {
  bus.consume('jobs', (job) => handler(job), { noAck: true });
  bus.publish('jobs', 'registered', Buffer.from('ok'));
}

module.exports = { register };
