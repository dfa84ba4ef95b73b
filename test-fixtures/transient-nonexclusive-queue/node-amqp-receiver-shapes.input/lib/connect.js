// node-amqp: the connection is opened here and handed on through .bind, a closure, a generator, a module loaded later.
const amqp = require('amqp');
const { onQueue } = require('./callback-param');
const { remember, declareAudit } = require('./closure');
const { Outbox } = require('./generator');
const { declareBounces } = require('./handed-in');

function start(url, handler) {
  const connection = amqp.createConnection({ url });
  connection.on('ready', async () => {
    // The queue reaches onQueue(handler, q) as its second parameter, through .bind(null, handler).
    connection.queue('mail', { durable: true, autoDelete: false }, onQueue.bind(null, handler));
    remember(connection);
    declareAudit();
    new Outbox(connection).open();
    const { declareReports } = await import('./dynamic-import.js');
    declareReports(connection);
  });
  return connection;
}

// A connection made by code the project does not show (a plugin host's).
function attach(connectionFromHost) {
  declareBounces(connectionFromHost);
}

module.exports = { start, attach };
