/**
 * Issue #11, publishing and AMQP 1.0: the facts clients read from publish, bind and link calls
 * (body size, route, mandatory, AMQP 1.0 addresses) and what the rules make of them per target.
 */
import { describe, expect, it } from 'vitest';
import { analyze } from '../src/engine/analyze';
import { applyEdits } from '../src/fix/object-edit';
import type { TargetVersion } from '../src/model';
import { encodeSegment, v1Address } from '../src/rules/amqp-addresses';
import { ruleById } from '../src/rules';

function scan(text: string, target: TargetVersion = '4.3', file = 'app.ts', extra: { unsafeFixes?: boolean } = {}) {
  const analysis = analyze([{ path: file, text }], { target, cwd: '/', followImports: false, ...extra });
  const result = analysis.files[0];
  return { model: result.model!, findings: result.findings, output: applyEdits(text, result.edits) };
}

const amqplib = (body: string) => `import amqp from 'amqplib';\nconst MIB = 1024 * 1024;\nexport async function f(url: string, x: any) {\n  const ch = await (await amqp.connect(url)).createConfirmChannel();\n  ${body}\n}\n`;

describe('publish facts: the body size the code settles', () => {
  const bytes = (body: string) => scan(amqplib(body)).model.publishes[0].payloadBytes;
  it.each([
    ["ch.sendToQueue('q', Buffer.alloc(20 * 1024 * 1024));", 20 * 1024 * 1024],
    ["ch.sendToQueue('q', Buffer.allocUnsafe(17 * MIB));", 17 * 1024 * 1024],
    ["const body = Buffer.alloc(32 * MIB); ch.publish('x', 'rk', body);", 32 * 1024 * 1024],
    ["ch.sendToQueue('q', new Uint8Array(1000));", 1000],
    ["ch.sendToQueue('q', Buffer.from('héllo'));", 6],
    ["ch.sendToQueue('q', Buffer.from('ab'.repeat(3)));", 6],
  ])('%s → %i bytes', (body, expected) => {
    expect(bytes(body)).toMatchObject({ kind: 'known', value: expected });
  });
  it.each([["ch.sendToQueue('q', x);"], ["ch.sendToQueue('q', Buffer.alloc(x.size));"], ["ch.sendToQueue('q', Buffer.from(JSON.stringify(x)));"], ["let n = 1; n = 2; ch.sendToQueue('q', Buffer.alloc(n));"]])(
    '%s → not settled',
    (body) => {
      expect(bytes(body)).toBeUndefined();
    },
  );
  it('a constant size imported from another module is followed through the resolver', () => {
    const files = [
      { path: 'limits.ts', text: 'export const BLOB = 40 * 1024 * 1024;\n', absolute: '/p/limits.ts' },
      { path: 'app.ts', text: "import amqp from 'amqplib';\nimport { BLOB } from './limits';\nexport async function f(u: string) {\n  const ch = await (await amqp.connect(u)).createConfirmChannel();\n  ch.sendToQueue('q', Buffer.alloc(BLOB));\n}\n", absolute: '/p/app.ts' },
    ];
    const analysis = analyze(files, { target: '4.3', cwd: '/p' });
    const findings = analysis.files.flatMap((f) => f.findings).filter((f) => f.ruleId === 'max-message-size');
    expect(findings.map((f) => f.brokerError)).toEqual([`406 PRECONDITION_FAILED - message size ${40 * 1024 * 1024} is larger than configured max size 16777216`]);
  });
});

describe('max-message-size', () => {
  it('reports a body one byte over 16 MiB, at the body, and not one of exactly 16 MiB', () => {
    const over = scan(amqplib("ch.sendToQueue('q', Buffer.alloc(16 * MIB + 1));")).findings.filter((f) => f.ruleId === 'max-message-size');
    expect(over).toHaveLength(1);
    expect(over[0].severity).toBe('error');
    expect(over[0].brokerError).toBe('406 PRECONDITION_FAILED - message size 16777217 is larger than configured max size 16777216');
    expect(over[0].column).toBe(23);
    expect(scan(amqplib("ch.sendToQueue('q', Buffer.alloc(16 * MIB));")).findings.filter((f) => f.ruleId === 'max-message-size')).toEqual([]);
  });
  it('is an error on every 4.x target (the default changed in 4.0)', () => {
    expect(ruleById('max-message-size')!.meta.severity).toEqual({ '4.0': 'error', '4.1': 'error', '4.2': 'error', '4.3': 'error' });
    expect(scan(amqplib("ch.sendToQueue('q', Buffer.alloc(20 * MIB));"), '4.0').findings.map((f) => f.ruleId)).toContain('max-message-size');
  });
});

describe('direct reply-to', () => {
  const reply = (options: string, target: TargetVersion = '4.3') =>
    scan(amqplib(`await ch.prefetch(1); await ch.consume('rpc', (msg) => { ch.sendToQueue(msg.properties.replyTo, Buffer.from('ok'), ${options}); });`), target).findings.filter((f) => f.ruleId === 'direct-reply-to-mandatory');
  it('a mandatory reply: a warning from 4.2, an info before', () => {
    expect(reply('{ mandatory: true }').map((f) => f.severity)).toEqual(['warning']);
    expect(reply('{ mandatory: true }', '4.2').map((f) => f.severity)).toEqual(['warning']);
    expect(reply('{ mandatory: true }', '4.1').map((f) => f.severity)).toEqual(['info']);
  });
  it('no mandatory flag, or mandatory: false, is not reported', () => {
    expect(reply('{}')).toEqual([]);
    expect(reply('{ mandatory: false }')).toEqual([]);
  });
  it('a literal direct reply-to queue name with mandatory is reported; the bare pseudo-queue name is not', () => {
    const at = (key: string) => scan(amqplib(`ch.publish('', '${key}', Buffer.from('ok'), { mandatory: true });`)).findings.filter((f) => f.ruleId === 'direct-reply-to-mandatory');
    expect(at('amq.rabbitmq.reply-to.g1h2AA1yZXBseQ==')).toHaveLength(1);
    expect(at('amq.rabbitmq.reply-to')).toEqual([]);
  });
  it('binding: the 403 from 4.2, a warning (silently no effect) before', () => {
    const bind = (target: TargetVersion) => scan(amqplib("await ch.bindQueue('amq.rabbitmq.reply-to.g1h2AA1yZXBseQ==', 'events', '#');"), target).findings.filter((f) => f.ruleId === 'direct-reply-to-binding');
    expect(bind('4.3').map((f) => [f.severity, f.brokerError])).toEqual([['error', '403 ACCESS_REFUSED - cannot bind or unbind to a volatile (direct reply-to) queue']]);
    expect(bind('4.1').map((f) => [f.severity, f.brokerError])).toEqual([['warning', undefined]]);
  });
});

describe('AMQP 1.0 v1 addresses', () => {
  it('percent-encodes every name as one v2 segment', () => {
    expect(encodeSegment("a b/c%d!'()*é")).toBe('a%20b%2Fc%25d%21%27%28%29%2A%C3%A9');
    expect(encodeSegment('order.created-1_~')).toBe('order.created-1_~');
  });
  it.each([
    ['/amq/queue/orders', 'receiver', '/queues/orders'],
    ['/amq/queue/my queue', 'sender', '/queues/my%20queue'],
    ['/exchange/events/order.created', 'sender', '/exchanges/events/order.created'],
    ['/exchange/my ex/k#1', 'sender', '/exchanges/my%20ex/k%231'],
    ['/topic/a.b', 'sender', '/exchanges/amq.topic/a.b'],
  ] as const)('%s (%s) → %s exactly', (address, role, v2) => {
    expect(v1Address(address, role)).toMatchObject({ exact: v2 });
  });
  it.each([
    ['/queue/orders', 'sender'],
    ['/queue/a/b', 'sender'],
    ['/queue', 'sender'],
    ['/exchange/events', 'sender'],
    ['/exchange/events/a/b', 'sender'],
    ['/exchange/events/rk', 'receiver'],
    ['/topic/a.*', 'receiver'],
    ['orders', 'receiver'],
  ] as const)('%s (%s) has no exact v2 form', (address, role) => {
    const v1 = v1Address(address, role);
    expect(v1).toBeDefined();
    expect(v1!.exact).toBeUndefined();
  });
  it.each(['/queues/orders', '/exchanges/events/rk', '/exchanges/events', '', '/something/else'])('%s is not a v1 address', (address) => {
    expect(v1Address(address, 'sender')).toBeUndefined();
  });

  const rhea = (call: string) => `import * as rhea from 'rhea';\nconst connection = rhea.connect({ port: 5672 });\nexport const link = ${call};\n`;
  it('rewrites a literal in the call, keeping its quotes, and a second run changes nothing', () => {
    const { output } = scan(rhea('connection.open_receiver("/amq/queue/orders")'));
    expect(output).toBe(rhea('connection.open_receiver("/queues/orders")'));
    expect(scan(output).findings).toEqual([]);
  });
  it('an address in a constant is reported but not rewritten (the constant may serve other code)', () => {
    const text = `import * as rhea from 'rhea';\nconst ADDRESS = '/amq/queue/orders';\nconst connection = rhea.connect({ port: 5672 });\nexport const link = connection.open_receiver(ADDRESS);\n`;
    const { findings, output } = scan(text);
    expect(findings.map((f) => [f.ruleId, f.fix.kind])).toEqual([['amqp10-v1-address', 'annotate']]);
    expect(output).toContain("const ADDRESS = '/amq/queue/orders';");
  });
  it('/queue/Q is rewritten only with --unsafe-fixes (v2 does not declare the queue)', () => {
    const call = "connection.open_sender('/queue/audit')";
    expect(scan(rhea(call)).findings[0].fix).toMatchObject({ kind: 'annotate', optIn: { edits: [expect.objectContaining({ text: "'/queues/audit'" })] } });
    expect(scan(rhea(call), '4.3', 'app.ts', { unsafeFixes: true }).output).toBe(rhea("connection.open_sender('/queues/audit')"));
  });
  it('severity: refused (error) on 4.3, deprecated (warning) on 4.0-4.2', () => {
    const call = "connection.open_sender('/topic/x')";
    expect(scan(rhea(call), '4.3').findings.map((f) => f.severity)).toEqual(['error']);
    expect(scan(rhea(call), '4.2').findings.map((f) => f.severity)).toEqual(['warning']);
  });
  it("rhea-promise links take options objects: another SDK's createReceiver('queue') in the same file is not a link", () => {
    const text = "import { Connection } from 'rhea-promise';\nexport async function f(c: Connection, sb: any) {\n  await c.createReceiver({ source: { address: '/amq/queue/a' } });\n  sb.createReceiver('orders');\n}\n";
    expect(scan(text).model.links.map((l) => l.address)).toEqual([expect.objectContaining({ kind: 'known', value: '/amq/queue/a' })]);
  });
  it('a file that does not import rhea is not read as AMQP 1.0', () => {
    const text = "import { open_sender } from './mine';\nconst rhea = 1;\nexport const x = thing.open_sender('/queue/a');\n";
    expect(scan(text).model.links).toEqual([]);
  });
});
