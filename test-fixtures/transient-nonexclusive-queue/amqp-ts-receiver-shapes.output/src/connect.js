// amqp-ts: the connection is made here and handed on through .bind, a closure, a generator, a module loaded later.
const Amqp = require('amqp-ts');
const { onReady } = require('./callback-param');
const { remember, declareAudit } = require('./closure');
const { Worker } = require('./generator');
const { declareBounces } = require('./handed-in');

async function start(url) {
  const obj = new Amqp.Connection(url);
  // The connection reaches onReady(obj) as its parameter, through .bind(undefined, obj).
  setImmediate(onReady.bind(undefined, obj));
  remember(obj);
  declareAudit();
  new Worker(obj).open();
  // A module loaded when needed: its function is called with the connection.
  const { declareReports } = await import('./dynamic-import.js');
  declareReports(obj);
}

// A connection made by code the project does not show (a plugin host's): declareBounces gets it from this caller.
function attach(fromHost) {
  declareBounces(fromHost);
}

module.exports = { start, attach };
