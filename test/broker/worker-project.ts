/**
 * The realistic worker project of worker-e2e.test.ts, as a new user would have it: a TypeScript
 * service whose queue options live in a constants module, whose declarations partly go through a
 * helper `declareQueue(channel, name, options)` in another module, with an amqplib worker (consumer
 * and publisher on a confirm channel) and an amqp-connection-manager notifier. `P` prefixes every
 * queue name so runs never collide.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import ts from 'typescript';

export function workerProject(P: string): Record<string, string> {
  return {
    'src/config/queues.ts': `import type { Options } from 'amqplib';

// Queue names and options, shared by the worker and the services that publish to it.
export const ORDERS_QUEUE = '${P}.orders';
export const PAYMENTS_QUEUE = '${P}.payments';

export const RETRY_QUEUE_OPTIONS: Options.AssertQueue = {
  durable: false,
  messageTtl: 30000,
  deadLetterExchange: '',
  deadLetterRoutingKey: ORDERS_QUEUE,
};

export const PAYMENTS_QUEUE_OPTIONS: Options.AssertQueue = {
  maxPriority: 10,
  arguments: { 'x-queue-type': 'quorum', 'x-delivery-limit': 5 },
};

export const EVENTS_STREAM_OPTIONS = { autoDelete: true, arguments: { 'x-queue-type': 'stream', 'x-max-age': '7D' } };
`,
    'src/lib/amqp.ts': `import type { Channel, Options } from 'amqplib';

/** Declares a queue and returns its name (the broker's, for a server-named queue). */
export async function declareQueue(channel: Channel, name: string, options: Options.AssertQueue): Promise<string> {
  const { queue } = await channel.assertQueue(name, options);
  return queue;
}
`,
    'src/worker.ts': `import amqp, { type Channel, type ConfirmChannel } from 'amqplib';
import { declareQueue } from './lib/amqp';
import { EVENTS_STREAM_OPTIONS, ORDERS_QUEUE, PAYMENTS_QUEUE, PAYMENTS_QUEUE_OPTIONS, RETRY_QUEUE_OPTIONS } from './config/queues';

export interface Order {
  id: number;
  amount: number;
}

export interface Log {
  error(message: string): void;
}

/** Declares the worker's queues; resolves to the name of its reply queue. */
async function declareTopology(channel: Channel): Promise<string> {
  await declareQueue(channel, ORDERS_QUEUE, { durable: false });
  await declareQueue(channel, '${P}.retry', RETRY_QUEUE_OPTIONS);
  await channel.assertQueue(PAYMENTS_QUEUE, PAYMENTS_QUEUE_OPTIONS);
  await declareQueue(channel, '${P}.audit', { arguments: { 'x-queue-master-locator': 'min-masters' } });
  await channel.assertQueue('${P}.events', EVENTS_STREAM_OPTIONS);
  return declareQueue(channel, '', { durable: false });
}

/** Starts the worker: each order it consumes becomes a payment it publishes (onPayment is told). */
export async function startWorker(url: string, log: Log, onPayment: (payment: { orderId: number; amount: number }) => void) {
  const connection = await amqp.connect(url);
  connection.on('error', (err: Error) => log.error(\`amqp connection error: \${err.message}\`));
  const channel: ConfirmChannel = await connection.createConfirmChannel();
  channel.on('error', (err: Error) => log.error(\`amqp channel error: \${err.message}\`));
  const replyQueue = await declareTopology(channel);
  await channel.prefetch(10);
  await channel.consume(ORDERS_QUEUE, async (msg) => {
    if (!msg) return;
    const order = JSON.parse(msg.content.toString()) as Order;
    const payment = { orderId: order.id, amount: order.amount };
    channel.sendToQueue(PAYMENTS_QUEUE, Buffer.from(JSON.stringify(payment)), { persistent: true, replyTo: replyQueue });
    await channel.waitForConfirms();
    channel.ack(msg);
    onPayment(payment);
  });
  return { connection, channel, replyQueue };
}

/** Publishes an order for the worker and waits for the broker's confirm. */
export async function publishOrder(channel: ConfirmChannel, order: Order): Promise<void> {
  channel.sendToQueue(ORDERS_QUEUE, Buffer.from(JSON.stringify(order)), { persistent: true });
  await channel.waitForConfirms();
}
`,
    'src/notifier.ts': `import { connect } from 'amqp-connection-manager';
import type { Log } from './worker';

/** The notifier's queues are declared by an amqp-connection-manager setup function. */
export function startNotifier(url: string, log: Log) {
  const manager = connect([url]);
  manager.on('disconnect', ({ err }) => err && log.error(\`amqp disconnected: \${err.message}\`));
  const wrapper = manager.createChannel({
    json: true,
    setup: async (channel: import('amqplib').Channel) => {
      await channel.assertQueue('${P}.presence', { exclusive: true, arguments: { 'x-queue-type': 'quorum' } });
      await channel.assertQueue('${P}.notifications', { durable: false, autoDelete: true });
    },
  });
  return { manager, wrapper };
}
`,
  };
}

/**
 * The same worker in plain JavaScript (CommonJS), run as written: an untyped helper module
 * `declareQueue(channel, name, options)`, an options module, and the worker that calls the helper.
 */
export function workerProjectJs(P: string): Record<string, string> {
  return {
    'src/config/queues.js': `// Queue names and options, shared by the worker and the services that publish to it.
const ORDERS_QUEUE = '${P}.orders';
const PAYMENTS_QUEUE = '${P}.payments';

const RETRY_QUEUE_OPTIONS = {
  durable: false,
  messageTtl: 30000,
  deadLetterExchange: '',
  deadLetterRoutingKey: ORDERS_QUEUE,
};

const PAYMENTS_QUEUE_OPTIONS = {
  maxPriority: 10,
  arguments: { 'x-queue-type': 'quorum', 'x-delivery-limit': 5 },
};

const EVENTS_STREAM_OPTIONS = { autoDelete: true, arguments: { 'x-queue-type': 'stream', 'x-max-age': '7D' } };

module.exports = { ORDERS_QUEUE, PAYMENTS_QUEUE, RETRY_QUEUE_OPTIONS, PAYMENTS_QUEUE_OPTIONS, EVENTS_STREAM_OPTIONS };
`,
    'src/lib/amqp.js': `/** Declares a queue and returns its name (the broker's, for a server-named queue). */
async function declareQueue(channel, name, options) {
  const { queue } = await channel.assertQueue(name, options);
  return queue;
}

module.exports = { declareQueue };
`,
    'src/worker.js': `const amqp = require('amqplib');
const { declareQueue } = require('./lib/amqp');
const { EVENTS_STREAM_OPTIONS, ORDERS_QUEUE, PAYMENTS_QUEUE, PAYMENTS_QUEUE_OPTIONS, RETRY_QUEUE_OPTIONS } = require('./config/queues');

/** Declares the worker's queues; resolves to the name of its reply queue. */
async function declareTopology(channel) {
  await declareQueue(channel, ORDERS_QUEUE, { durable: false });
  await declareQueue(channel, '${P}.retry', RETRY_QUEUE_OPTIONS);
  await channel.assertQueue(PAYMENTS_QUEUE, PAYMENTS_QUEUE_OPTIONS);
  await declareQueue(channel, '${P}.audit', { arguments: { 'x-queue-master-locator': 'min-masters' } });
  await channel.assertQueue('${P}.events', EVENTS_STREAM_OPTIONS);
  return declareQueue(channel, '', { durable: false });
}

/** Starts the worker: each order it consumes becomes a payment it publishes (onPayment is told). */
async function startWorker(url, log, onPayment) {
  const connection = await amqp.connect(url);
  connection.on('error', (err) => log.error(\`amqp connection error: \${err.message}\`));
  const channel = await connection.createConfirmChannel();
  channel.on('error', (err) => log.error(\`amqp channel error: \${err.message}\`));
  const replyQueue = await declareTopology(channel);
  await channel.prefetch(10);
  await channel.consume(ORDERS_QUEUE, async (msg) => {
    if (!msg) return;
    const order = JSON.parse(msg.content.toString());
    const payment = { orderId: order.id, amount: order.amount };
    channel.sendToQueue(PAYMENTS_QUEUE, Buffer.from(JSON.stringify(payment)), { persistent: true, replyTo: replyQueue });
    await channel.waitForConfirms();
    channel.ack(msg);
    onPayment(payment);
  });
  return { connection, channel, replyQueue };
}

/** Publishes an order for the worker and waits for the broker's confirm. */
async function publishOrder(channel, order) {
  channel.sendToQueue(ORDERS_QUEUE, Buffer.from(JSON.stringify(order)), { persistent: true });
  await channel.waitForConfirms();
}

module.exports = { startWorker, publishOrder };
`,
  };
}

/** Writes the project's files under `dir`. */
export function writeProject(dir: string, files: Record<string, string>): void {
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  }
}

const COMPILER_OPTIONS: ts.CompilerOptions = {
  module: ts.ModuleKind.CommonJS,
  target: ts.ScriptTarget.ES2022,
  moduleResolution: ts.ModuleResolutionKind.Node10,
  ignoreDeprecations: '6.0',
  esModuleInterop: true,
  strict: true,
  skipLibCheck: true,
  types: ['node'],
};

const sourcesOf = (dir: string) => Object.keys(workerProject('')).map((rel) => path.join(dir, rel));
const outputOf = (dir: string, outDir: string, file: string) => path.join(outDir, path.relative(path.join(dir, 'src'), file).replace(/\.ts$/, '.js'));

/** Compiles the project's src/ to `outDir` (CommonJS) file by file, without type-checking. */
export function transpile(dir: string, outDir: string): void {
  for (const file of sourcesOf(dir)) {
    const out = outputOf(dir, outDir, file);
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, ts.transpileModule(fs.readFileSync(file, 'utf8'), { compilerOptions: COMPILER_OPTIONS, fileName: file }).outputText);
  }
}

/**
 * Type-checks the project's src/ and compiles it to `outDir` (CommonJS), as the user's build would.
 * Returns the type errors (empty when the project compiles).
 */
export function build(dir: string, outDir: string): string[] {
  const program = ts.createProgram(sourcesOf(dir), { ...COMPILER_OPTIONS, rootDir: path.join(dir, 'src'), outDir, typeRoots: [path.join(dir, 'node_modules', '@types')] });
  const emitted = program.emit();
  return [...ts.getPreEmitDiagnostics(program), ...emitted.diagnostics].map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}
