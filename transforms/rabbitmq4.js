'use strict';
/**
 * jscodeshift transform: the same engine and edits as `rabbitmq4-codemod fix`, one file at a time.
 *
 *   npx jscodeshift --fail-on-error -t node_modules/rabbitmq4-codemod/transforms/rabbitmq4.js src/
 *   options: --target=4.0|4.1|4.2|4.3 (default 4.3), --safeOnly=true, --unsafeFixes=true
 *
 * Plain CommonJS, so jscodeshift loads it with or without its Babel hook, and with any --parser: the
 * transform never uses jscodeshift's parser or printer. The edits are text edits on the original
 * source, so the file is never reformatted. Imports are followed from the disk (relative ones and
 * tsconfig `paths`/`baseUrl`); a rewrite whose edit lies in another file is reported, not applied
 * (`rabbitmq4-codemod fix` applies it).
 *
 * The engine runs in a worker thread (dist/bundle/transform-worker.js), which this file calls
 * synchronously: jscodeshift's Babel register hook compiles every module required in its process,
 * node_modules included, and it cannot compile the engine's dependencies (ts-morph's static class
 * blocks, oxc-parser's ES modules). A worker thread has a module system of its own, without that hook.
 *
 * A file that cannot be transformed (it does not parse, or the engine fails) makes the transform
 * throw: jscodeshift counts it as an error, and exits non-zero for it when given --fail-on-error.
 */
const fs = require('node:fs');
const path = require('node:path');
const { MessageChannel, Worker, receiveMessageOnPort } = require('node:worker_threads');

const WORKER_SCRIPT = path.join(__dirname, '..', 'dist', 'bundle', 'transform-worker.js');
/** How long one file may take before the transform gives up on the worker. */
const DEADLINE_MS = 10 * 60 * 1000;

let engine;

function startEngine() {
  if (!fs.existsSync(WORKER_SCRIPT)) {
    throw new Error(`rabbitmq4-codemod: the build is missing (${WORKER_SCRIPT}); run \`npm ci\` (or \`npm run build\`) in the rabbitmq4-codemod checkout first`);
  }
  const signal = new Int32Array(new SharedArrayBuffer(4));
  const { port1, port2 } = new MessageChannel();
  const worker = new Worker(WORKER_SCRIPT, { workerData: { port: port2, signal }, transferList: [port2] });
  const started = { worker, port: port1, signal };
  // Between files (jscodeshift's worker is idle then): a stopped worker is started anew for the next file.
  worker.on('exit', () => {
    if (engine === started) engine = undefined;
  });
  worker.on('error', () => {});
  // Neither keeps jscodeshift's process alive once its files are done.
  worker.unref();
  port1.unref();
  return started;
}

function call(request) {
  engine = engine || startEngine();
  const { port, signal } = engine;
  Atomics.store(signal, 0, 0);
  port.postMessage(request);
  if (Atomics.wait(signal, 0, 0, DEADLINE_MS) === 'timed-out') {
    const stuck = engine;
    engine = undefined;
    stuck.worker.terminate();
    throw new Error(`rabbitmq4-codemod: no answer for ${request.path} within ${DEADLINE_MS / 1000} s`);
  }
  const received = receiveMessageOnPort(port);
  if (Atomics.load(signal, 0) === 2) engine = undefined;
  if (!received) throw new Error(`rabbitmq4-codemod: the worker thread stopped while transforming ${request.path}`);
  return received.message;
}

module.exports = function transform(file, api, options) {
  const response = call({ path: file.path, source: file.source, cwd: process.cwd(), options: plain(options) });
  for (const line of response.reports) api.report(line);
  if (response.error) {
    const hint = options && options.failOnError ? '' : ' (jscodeshift exits 0 after transform errors unless it is given --fail-on-error)';
    const error = new Error(response.error + hint);
    // jscodeshift prints the stack under the message: this file's frames say nothing, the worker's may.
    error.stack = response.detail || '';
    throw error;
  }
  return response.output;
};

/** The options jscodeshift passes, as data a worker can receive (no functions, no parser objects). */
function plain(options) {
  const out = {};
  for (const [key, value] of Object.entries(options || {})) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) out[key] = value;
  }
  return out;
}
