// A connection the code opens elsewhere reaches these functions only as a parameter or a closure variable.
const amqp = require('amqp');

let shared;

// The connection is the callback's parameter, bound with .bind(undefined, resolve).
function onReady(resolve, connection) {
  connection.queue('mail', { autoDelete: false }, function (q) {
    q.bind('mail', '#');
    resolve(q);
  });
}

function connect(options) {
  return new Promise((resolve) => {
    const c = amqp.createConnection(options);
    c.once('ready', onReady.bind(undefined, resolve, c));
  });
}

// A closure variable set in a callback.
function remember(connection) {
  shared = connection;
}

function declareAudit() {
  shared.queue('audit', function (q) {
    q.bind('audit', '#');
  });
}

// A channel handed in by the caller, legal: durable and not auto-deleted.
function declareDurable(conn, name) {
  conn.queue(name, { durable: true, autoDelete: false }, function () {});
}

// Not node-amqp's queue(name, options?, cb?): async's queue(worker, concurrency), a lookup by name, a number.
const async = require('async');
const work = async.queue((task, done) => done(), 2);
const registry = { queue: (name) => name };
registry.queue('audit');
registry.queue(3, { autoDelete: false });

module.exports = { work, connect, remember, declareAudit, declareDurable };
