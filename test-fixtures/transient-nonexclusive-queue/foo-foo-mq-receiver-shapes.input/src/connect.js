// foo-foo-mq: the broker is made here and handed on through .bind, a closure, a generator, a module loaded later.
const rabbit = require('foo-foo-mq');
const { onReady } = require('./callback-param');
const { remember, declareAudit } = require('./closure');
const { Worker } = require('./generator');
const { declareBounces } = require('./handed-in');

async function start(url) {
  await rabbit.addConnection({ uri: url, replyQueue: false });
  const obj = rabbit;
  // The broker reaches onReady(obj) as its parameter, through .bind(undefined, obj).
  setImmediate(onReady.bind(undefined, obj));
  remember(obj);
  declareAudit();
  new Worker(obj).open();
  // A module loaded when needed: its function is called with the broker.
  const { declareReports } = await import('./dynamic-import.js');
  declareReports(obj);
}

// A broker made by code the project does not show (a plugin host's): declareBounces gets it from this caller.
function attach(fromHost) {
  declareBounces(fromHost);
}

module.exports = { start, attach };
