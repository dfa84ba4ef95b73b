// amqp-connection-manager: the wrapper is made here and handed on through .bind, a closure, a generator, a module loaded later.
const amqp = require('amqp-connection-manager');
const { onReady } = require('./callback-param');
const { remember, declareAudit } = require('./closure');
const { Worker } = require('./generator');
const { declareBounces } = require('./handed-in');

async function start(url) {
  const obj = amqp.connect([url]).createChannel({ json: true });
  // The wrapper reaches onReady(obj) as its parameter, through .bind(undefined, obj).
  setImmediate(onReady.bind(undefined, obj));
  remember(obj);
  declareAudit();
  new Worker(obj).open();
  // A module loaded when needed: its function is called with the wrapper.
  const { declareReports } = await import('./dynamic-import.js');
  declareReports(obj);
}

// A wrapper made by code the project does not show (a plugin host's): declareBounces gets it from this caller.
function attach(fromHost) {
  declareBounces(fromHost);
}

module.exports = { start, attach };
