import { describe, expect, it } from 'vitest';
import { analyze } from '../src/engine/analyze';

/** Analyses an in-memory project the way `scan` does, and lists its findings as `file:line rule queue`. */
function findings(files: Record<string, string>): string[] {
  const inputs = Object.entries(files).map(([p, text]) => ({ path: p, text, absolute: `/project/${p}` }));
  const analysis = analyze(inputs, { target: '4.3', cwd: '/project', followImports: false });
  return analysis.files.flatMap((f) => f.findings.map((x) => `${f.path}:${x.line} ${x.ruleId} ${x.queue ?? ''}`.trim()));
}

const WORKER = (imports: string, calls: string) => `const amqp = require('amqplib');
${imports}
async function main(url) {
  const ch = await (await amqp.connect(url)).createChannel();
${calls}
}
`;

describe("an untyped JavaScript helper's assertQueue is judged at each call, from any module", () => {
  const HELPER = `function declareQueue(ch, name, opts) {\n  return ch.assertQueue(name, opts);\n}\n`;

  it.each([
    ['module.exports = { fn }', `${HELPER}module.exports = { declareQueue };\n`, "const { declareQueue } = require('./helper');", "  await declareQueue(ch, 'q', { durable: false });"],
    ['module.exports = fn, required under another name', `${HELPER}module.exports = declareQueue;\n`, "const declare = require('./helper');", "  await declare(ch, 'q', { durable: false });"],
    ['exports.fn = function', "exports.declareQueue = function (ch, name, opts) {\n  return ch.assertQueue(name, opts);\n};\n", "const helper = require('./helper');", "  await helper.declareQueue(ch, 'q', { durable: false });"],
    ['module.exports.fn = arrow', 'module.exports.declareQueue = (ch, name, opts) => ch.assertQueue(name, opts);\n', "const { declareQueue } = require('./helper');", "  await declareQueue(ch, 'q', { durable: false });"],
    ["require('./x').fn(...)", `${HELPER}module.exports = { declareQueue };\n`, '', "  await require('./helper').declareQueue(ch, 'q', { durable: false });"],
  ])('CommonJS: %s', (_, helper, imports, calls) => {
    expect(findings({ 'helper.js': helper, 'worker.js': WORKER(imports, calls) })).toEqual(['worker.js:5 transient-nonexclusive-queue q']);
  });

  it.each([
    ['named export', `export ${HELPER}`, "import { declareQueue } from './helper.mjs';", 'declareQueue'],
    ['default export, imported under another name', `export default ${HELPER}`, "import declare from './helper.mjs';", 'declare'],
    ['namespace import', `export ${HELPER}`, "import * as helper from './helper.mjs';", 'helper.declareQueue'],
  ])('ESM: %s', (_, helper, imports, callee) => {
    const worker = `import amqp from 'amqplib';\n${imports}\nconst ch = await (await amqp.connect('amqp://localhost')).createChannel();\nawait ${callee}(ch, 'q', { durable: false });\n`;
    expect(findings({ 'helper.mjs': helper, 'worker.mjs': worker })).toEqual(['worker.mjs:4 transient-nonexclusive-queue q']);
  });

  it('a helper of a helper (declareQueue -> assert), each in its own module', () => {
    const assert = 'exports.assert = (ch, name, options) => ch.assertQueue(name, options);\n';
    const declare = "const { assert } = require('./assert');\nexports.declareQueue = async (channel, name, opts) => assert(channel, name, opts);\n";
    const worker = WORKER("const { declareQueue } = require('./declare');", "  await declareQueue(ch, 'deep', { durable: false });");
    expect(findings({ 'assert.js': assert, 'declare.js': declare, 'worker.js': worker })).toEqual(['worker.js:5 transient-nonexclusive-queue deep']);
  });

  it('only a parameter counts: an untraced object or a property is not assumed to be a channel without amqplib in the file', () => {
    const helper = "const broker = makeBroker();\nexports.declare = (name) => broker.assertQueue(name, { durable: false });\nexports.viaField = (svc) => svc.channel.assertQueue('f', { durable: false });\n";
    expect(findings({ 'helper.js': helper })).toEqual([]);
  });
});

describe('JSDoc types a plain JavaScript parameter like a TypeScript annotation does', () => {
  const consumer = (doc: string, prelude = '') => `${prelude}/** @param ${doc} ch */\nexports.start = async (ch, handler) => {\n  await ch.consume('jobs', handler, { noAck: true });\n};\n// amqplib\n`;

  it.each([
    ["{import('amqplib').Channel}"],
    ['{import("amqplib/callback_api").ConfirmChannel}'],
    ['{Channel}'],
    ['{amqp.Channel}', "const amqp = require('amqplib');\n"],
  ])('%s: the consumer in the helper is found', (doc, prelude = '') => {
    expect(findings({ 'consumer.js': consumer(doc, prelude) })).toEqual([`consumer.js:${prelude ? 4 : 3} auto-ack-consumer jobs`]);
  });

  it.each([['{import(\'rabbitmq-client\').Channel}'], ['{Object}'], ['']])('%s: not an amqplib channel, nothing is found', (doc) => {
    expect(findings({ 'consumer.js': consumer(doc) })).toEqual([]);
  });

  it('an untyped parameter is not a channel for consume: only assertQueue is amqplib-only vocabulary', () => {
    expect(findings({ 'consumer.js': "exports.start = async (ch, handler) => {\n  await ch.consume('jobs', handler, { noAck: true });\n};\n// amqplib\n" })).toEqual([]);
  });
});
