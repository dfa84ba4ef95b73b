// Issue 30: the recognition ladder (resolve/objects/ladder.ts), the same for every client: (a) a receiver traced to a
// client's object, (b) one inferred from the call's shape, the client's use the code shows and the receiver's origin,
// (c) nothing; and two clients whose readings the rules judge differently (engine/ambiguous-receivers.ts).
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyze } from '../src/engine/analyze';
import { isKind } from '../src/resolve/objects/api-fit';
import { parseSource } from '../src/parse';
import type { ConsumerReport, Finding } from '../src/model';
import type { Node } from '../src/parse/ast';

const ROOT = '/virtual/ladder';

function run(files: Record<string, string>): { findings: Finding[]; consumers: ConsumerReport[] } {
  const inputs = Object.entries(files).map(([p, text]) => ({ path: p, text, absolute: path.join(ROOT, p) }));
  const analysis = analyze(inputs, { target: '4.3', cwd: ROOT, followImports: false });
  return { findings: analysis.files.flatMap((f) => f.findings), consumers: analysis.files.flatMap((f) => f.consumers) };
}

const pkg = (deps: Record<string, string>) => JSON.stringify({ name: 'svc', version: '1.0.0', dependencies: deps });
const AMQPLIB = { amqplib: '^0.10.7' };
const NODE_AMQP = { amqp: '^0.2.7' };
const rules = (fs: Finding[]) => fs.filter((f) => f.ruleId !== 'client-frame-max').map((f) => `${f.file}:${f.line} ${f.ruleId} ${f.severity}`);

/** The first argument of `f(...)` in a one-line module, as a node. */
function arg(source: string): Node {
  const parsed = parseSource(`f(${source});`, 'a.ts');
  if (!parsed.ok) throw new Error(source);
  return ((parsed.ast.program.body[0] as unknown as { expression: { arguments: Node[] } }).expression.arguments[0]) as Node;
}

describe('argument kinds (a client API shape as data)', () => {
  it('tells names, counts, options, object literals and functions apart by their syntax', () => {
    expect(isKind('name', arg("'orders'"))).toBe(true);
    expect(isKind('name', arg('`orders.${id}`'))).toBe(true);
    expect(isKind('name', arg('queueName'))).toBe(true);
    expect(isKind('name', arg('3'))).toBe(false);
    expect(isKind('name', arg('{ durable: true }'))).toBe(false);
    expect(isKind('name', arg('() => 1'))).toBe(false);
    expect(isKind('number', arg('10'))).toBe(true);
    expect(isKind('number', arg('config.prefetch'))).toBe(true);
    expect(isKind('number', arg("'10'"))).toBe(false);
    expect(isKind('options', arg('{ noAck: true }'))).toBe(true);
    expect(isKind('options', arg('opts'))).toBe(true);
    expect(isKind('options', arg('build()'))).toBe(false);
    expect(isKind('object', arg('{ ack: true }'))).toBe(true);
    expect(isKind('object', arg('opts'))).toBe(false);
    expect(isKind('function', arg('(msg) => msg'))).toBe(true);
    expect(isKind('function', arg('handler.bind(this)'))).toBe(true);
    expect(isKind('function', arg("'name'"))).toBe(false);
    expect(isKind('any', arg('anything'))).toBe(true);
  });
});

describe('the recognition ladder', () => {
  const helper = `function declare(conn) {\n  conn.queue('jobs', { autoDelete: false }, function (q) {\n    q.subscribe({ ack: false }, (msg) => console.log(msg));\n  });\n}\nmodule.exports = { declare };\n`;

  it('(a) a traced receiver: judged with the client, its consumers row says nothing of inference', () => {
    const r = run({
      'package.json': pkg(NODE_AMQP),
      'main.js': `const amqp = require('amqp');\nconst { declare } = require('./helper');\nconst c = amqp.createConnection({ url: 'amqp://localhost' });\nc.on('ready', () => declare(c));\n`,
      'helper.js': helper,
    });
    expect(rules(r.findings)).toEqual(['helper.js:2 transient-nonexclusive-queue error', 'helper.js:3 auto-ack-consumer warning']);
    expect(r.findings.every((f) => !f.message.includes('not traced'))).toBe(true);
    expect(r.consumers.map((c) => c.inferred)).toEqual([undefined]);
  });

  it('(b) an untraced receiver in a module connected to one that imports the client: inferred, the finding and the row say from what', () => {
    const r = run({
      'package.json': pkg(NODE_AMQP),
      'main.js': `const amqp = require('amqp');\nconst { declare } = require('./helper');\nmodule.exports = (host) => declare(host.connection);\n`,
      'helper.js': helper,
    });
    expect(rules(r.findings)).toEqual(['helper.js:2 transient-nonexclusive-queue error', 'helper.js:3 auto-ack-consumer warning']);
    const declaration = r.findings.find((f) => f.ruleId === 'transient-nonexclusive-queue')!;
    expect(declaration.message).toContain("(The receiver `conn` is not traced; it is taken for node-amqp's connection from the call's shape (queue(name, options, function) is node-amqp's) and the use of 'amqp' by the modules this file is connected to by imports");
    // The queue the inferred connection's callback gets is followed as a traced object made by it.
    expect(r.consumers).toHaveLength(1);
    expect(r.consumers[0].inferred).toMatch(/^the queue comes from `conn\.queue\(\)`, and the receiver `conn` is not traced/);
  });

  it('(b) the file itself naming the client is evidence, and says so', () => {
    const r = run({ 'package.json': pkg(NODE_AMQP), 'helper.js': `require('amqp');\n${helper}` });
    expect(r.findings.find((f) => f.ruleId === 'transient-nonexclusive-queue')?.message).toContain("and this file's use of 'amqp'");
  });

  it('(c) the same call in a module connected to no module that imports the client: nothing', () => {
    const r = run({ 'package.json': pkg(NODE_AMQP), 'main.js': `const amqp = require('amqp');\nmodule.exports = amqp;\n`, 'helper.js': helper });
    expect(rules(r.findings)).toEqual([]);
    expect(r.consumers).toEqual([]);
  });

  it('(c) another package\'s object is never a client\'s, whatever its call looks like', () => {
    const r = run({
      'package.json': pkg({ ...NODE_AMQP, mqtt: '^5.3.0', 'some-broker': '^1.0.0' }),
      'main.js': [
        "const amqp = require('amqp');",
        "const mqtt = require('mqtt');",
        "const broker = require('some-broker');",
        'const client = mqtt.connect(process.env.MQTT_URL);',
        "client.subscribe({ 'orders/#': { qos: 1 } }, (err) => err);",
        'const b = broker();',
        "b.queue('jobs', { autoDelete: false }, () => {});",
        'class Bus { constructor() { this.q = new (require("bull"))("x"); } run() { this.q.queue("jobs", { autoDelete: false }); } }',
        'module.exports = { amqp, Bus };',
      ].join('\n'),
    });
    expect(rules(r.findings)).toEqual([]);
  });

  it('(c) a project value (an array, an object literal, a wrapper class instance) is never inferred', () => {
    const r = run({
      'package.json': pkg(NODE_AMQP),
      'main.js': [
        "const amqp = require('amqp');",
        'const list = [];',
        "list.queue('later', { autoDelete: false });",
        "const registry = { queue: (name, options) => ({ name, options }) };",
        "registry.queue('jobs', { autoDelete: false });",
        'class Wrapper { queue(name, options) { return { name, options }; } }',
        "new Wrapper().queue('more', { autoDelete: false });",
        'module.exports = { amqp };',
      ].join('\n'),
    });
    expect(rules(r.findings)).toEqual([]);
  });

  it("(b) a library handed its channel that names no client: the receiver's calls only amqplib has say it (the call itself does not)", () => {
    const lone = `module.exports = function start(channel) {\n  channel.consume('orders', (msg) => channel.ack(msg));\n};\n`;
    expect(run({ 'package.json': pkg({}), 'index.js': lone }).consumers).toEqual([]);
    const withOnly = `module.exports = function start(channel) {\n  channel.assertQueue('orders');\n  channel.consume('orders', (msg) => channel.ack(msg));\n};\n`;
    const r = run({ 'package.json': pkg({}), 'index.js': withOnly });
    expect(r.consumers.map((c) => c.inferred)).toEqual([expect.stringContaining("the calls on it that only amqplib's objects have")]);
  });

  it('(b) an object an inferred connection makes is its own: a prefetch set on it applies to its consumers', () => {
    const r = run({
      'package.json': pkg(AMQPLIB),
      'index.js': [
        "require('amqplib');",
        'module.exports = async function start(conn) {',
        '  const ch = await conn.createChannel();',
        '  await ch.prefetch(10);',
        "  ch.consume('orders', (msg) => ch.ack(msg));",
        '};',
      ].join('\n'),
    });
    expect(r.consumers).toMatchObject([{ verdict: 'safe', prefetch: 10, inferred: expect.stringContaining('the channel comes from `conn.createChannel()`') }]);
  });

  it('two clients fit and their verdicts differ: an info naming both, the consumers row unknown with both clients', () => {
    const r = run({
      'package.json': pkg({ ...NODE_AMQP, '@cloudamqp/amqp-client': '^3.2.1' }),
      'main.js': "require('amqp');\nrequire('@cloudamqp/amqp-client');\nconst { wire } = require('./wire');\nmodule.exports = wire;\n",
      'wire.js': "function wire(q) {\n  q.subscribe({ noAck: false }, (msg) => console.log(msg));\n}\nmodule.exports = { wire };\n",
    });
    // node-amqp reads `ack` (absent: automatic ack); @cloudamqp reads noAck: false and acks after the callback.
    expect(r.consumers).toMatchObject([{ verdict: 'unknown', clients: ['node-amqp', '@cloudamqp/amqp-client'] }]);
    const infos = r.findings.filter((f) => f.ruleId === 'auto-ack-consumer');
    expect(infos.map((f) => f.severity)).toEqual(['info']);
    expect(infos[0].message).toContain("the call fits node-amqp's and @cloudamqp/amqp-client's API, and which one it is cannot be told here");
  });

  it('two clients fit and agree: one finding, whose note says that they agree', () => {
    const r = run({
      'package.json': pkg({ ...NODE_AMQP, '@cloudamqp/amqp-client': '^3.2.1' }),
      'main.js': "require('amqp');\nrequire('@cloudamqp/amqp-client');\nconst { wire } = require('./wire');\nmodule.exports = wire;\n",
      'wire.js': "function wire(c) {\n  c.queue('scratch', { durable: false, autoDelete: false });\n}\nmodule.exports = { wire };\n",
    });
    expect(rules(r.findings)).toEqual(['wire.js:2 transient-nonexclusive-queue error']);
    expect(r.findings.find((f) => f.ruleId === 'transient-nonexclusive-queue')?.message).toContain("the call fits node-amqp's and @cloudamqp/amqp-client's API, and their defaults agree here");
  });

  it('a call that fits two clients makes an object of neither: its own calls are judged by the ladder', () => {
    // createChannel() is amqplib's connection's and amqp-connection-manager's manager's: the channel stays open to both.
    const r = run({
      'package.json': pkg({ ...AMQPLIB, 'amqp-connection-manager': '^4.1.14' }),
      'index.js': "require('amqplib');\nrequire('amqp-connection-manager');\nmodule.exports = async (client) => {\n  const ch = client.createChannel();\n  await ch.assertQueue('jobs', { durable: false });\n};\n",
    });
    const refused = r.findings.filter((f) => f.ruleId === 'transient-nonexclusive-queue');
    expect(refused.map((f) => f.severity)).toEqual(['error']);
    expect(refused[0].message).toContain("(The receiver `ch` is not traced; the call fits amqplib's and amqp-connection-manager's API, and their defaults agree here.)");
  });
});
