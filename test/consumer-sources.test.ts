/** Issue 34: every consumer row names its queue and its prefetch, or where they come from; unknown verdicts say what decides them; monorepos grouped. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { cli, project, ROOT } from './helpers';

const schema = JSON.parse(fs.readFileSync(path.join(ROOT, 'schemas', 'report-v1.schema.json'), 'utf8'));
const validate = new Ajv({ allErrors: true, strict: true }).compile(schema);
const shape = (name: string) => fs.readFileSync(path.join(__dirname, 'consumer-sources', name), 'utf8');

const AMQP = "import amqp from 'amqplib';\n";
const CHANNEL = "  const ch = await (await amqp.connect('amqp://x')).createChannel();\n";
const FILES = {
  'package.json': '{ "name": "svc", "dependencies": { "amqplib": "0.10.7", "@nestjs/microservices": "10.0.0" } }\n',
  // An environment variable and its default; a prefetch parsed from one with a default.
  'src/env.ts': `${AMQP}const QUEUE = process.env.ORDERS_QUEUE || 'orders';\nconst PREFETCH = parseInt(process.env.RMQ_PREFETCH || '20');\nexport async function start() {\n${CHANNEL}  await ch.prefetch(PREFETCH);\n  await ch.consume(QUEUE, (m) => { if (m) ch.ack(m); });\n}\n`,
  // A guarded fallback and a template.
  'src/guard.ts': `${AMQP}export async function start(p: number) {\n${CHANNEL}  await ch.prefetch(Number.isFinite(p) && p > 0 ? p : 20);\n  await ch.consume(\`\${process.env.PREFIX}.events\`, (m) => { if (m) ch.ack(m); });\n}\n`,
  // A parameter its callers give: one row per call, each with what the caller passes.
  'src/param.ts': `${AMQP}export async function listen(queue: string, count: number) {\n${CHANNEL}  await ch.prefetch(count);\n  await ch.consume(queue, (m) => { if (m) ch.ack(m); });\n}\n`,
  'src/main.ts': "import { listen } from './param';\nlisten('emails', 5);\nlisten(process.env.Q2!, Number(process.env.N));\n",
  // A lookup: NestJS's RmqService.getOptions('ANALYTICS') reads the queue from the configuration.
  'src/rmq.service.ts': shape('rmq.service.ts.txt'),
  'src/analytics.main.ts': shape('analytics.main.ts.txt'),
};

type Row = Record<string, any>;
function scan(dir: string, format = 'json') {
  const r = cli(dir, 'scan', '.', '--format', format, '--fail-on', 'never');
  expect(r.code, r.stderr).toBe(0);
  return r.stdout;
}
const rowAt = (rows: Row[], where: string) => rows.find((r) => `${r.file}:${r.line}` === where)!;

describe('the consumers report names each queue and prefetch, or where they come from', () => {
  const dir = project(FILES);
  const report = JSON.parse(scan(dir));
  const rows: Row[] = report.consumers;

  it('a lookup: the configuration key, filled in with what the consumer passes the helper', () => {
    const r = rowAt(rows, 'src/analytics.main.ts:7');
    expect(r.queue).toBeNull();
    expect(r.queueSource).toMatchObject({ kind: 'config', name: 'RABBIT_MQ_ANALYTICS_QUEUE', file: 'src/rmq.service.ts', line: 12, callers: [{ file: 'src/analytics.main.ts', line: 7, passes: "'ANALYTICS'" }] });
    expect(r.queueSource.expression).toBe('this.configService.get<string>(`RABBIT_MQ_${queue}_QUEUE`)');
  });

  it('an environment variable and its default, for the queue and the prefetch: the prefetch is decided (bounded)', () => {
    const r = rowAt(rows, 'src/env.ts:7');
    expect(r.queueSource).toMatchObject({ kind: 'environment', name: 'ORDERS_QUEUE', fallback: "'orders'", variable: 'QUEUE', file: 'src/env.ts', line: 2 });
    expect(r.prefetchSource).toMatchObject({ kind: 'environment', name: 'RMQ_PREFETCH', fallback: "'20'", expression: "parseInt(process.env.RMQ_PREFETCH || '20')", line: 3 });
    expect(r.prefetchRange).toBe('20 unless RMQ_PREFETCH is set');
    expect([r.ack, r.verdict, r.reasons]).toEqual(['manual', 'safe', []]);
  });

  it('a guarded fallback: at least 1; a template: its known parts', () => {
    const r = rowAt(rows, 'src/guard.ts:5');
    expect(r.prefetchRange).toBe('at least 1 (20 unless p is set)');
    expect(r.prefetchSource).toMatchObject({ kind: 'condition', fallback: '20', expression: 'Number.isFinite(p) && p > 0 ? p : 20', line: 4 });
    expect(r.queueSource).toMatchObject({ kind: 'template', template: '${process.env.PREFIX}.events', name: 'PREFIX', line: 5 });
    expect(r.verdict).toBe('safe');
  });

  it('a parameter with callers: each call its row; an unknown verdict names what decides it and where', () => {
    expect(rowAt(rows, 'src/main.ts:2')).toMatchObject({ queue: 'emails', prefetch: 5, verdict: 'safe' });
    const r = rowAt(rows, 'src/main.ts:3');
    expect(r.queueSource).toMatchObject({ kind: 'environment', name: 'Q2', file: 'src/main.ts', line: 3 });
    expect(r.verdict).toBe('unknown');
    expect(r.decidedBy).toEqual([{ value: 'prefetch', name: 'N', file: 'src/main.ts', line: 3 }]);
    expect(r.reasons[0]).toContain('environment variable N');
  });

  it('never a manual-ack row with no prefetch called safe; every unknown verdict names its source; the schema holds', () => {
    const all: Row[] = JSON.parse(scan(path.join(ROOT, 'test-fixtures'))).consumers;
    for (const r of [...rows, ...all]) {
      const none = r.prefetch === null && !r.prefetchRange && !r.prefetchSource;
      expect(r.ack === 'manual' && none && r.verdict === 'safe', JSON.stringify(r)).toBe(false);
    }
    expect(rows.filter((r) => r.verdict === 'unknown').every((r) => r.decidedBy?.length)).toBe(true);
    expect(validate(report), JSON.stringify(validate.errors)).toBe(true);
    expect(rows.map((r) => r.priority).sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it('the text, Markdown and SARIF reports show the same', () => {
    const text = scan(dir, 'text');
    expect(text).toMatch(/src\/env\.ts:7\s+\? environment \$ORDERS_QUEUE \(else 'orders'\) at src\/env\.ts:2\s+amqplib\s+manual\s+20 unless RMQ_PREFETCH is set\s+safe/);
    expect(text).toMatch(/src\/analytics\.main\.ts:7\s+\? config RABBIT_MQ_ANALYTICS_QUEUE at src\/rmq\.service\.ts:12/);
    expect(text).toMatch(/src\/main\.ts:3 .*prefetch decided by N \(src\/main\.ts:3\)/);
    expect(text).not.toMatch(/manual\s+none\s+safe/);
    // Most urgent first: the unsafe NestJS consumer before the unknown one before the safe ones.
    expect(text.indexOf('src/analytics.main.ts:7')).toBeLessThan(text.indexOf('src/main.ts:3'));
    expect(text.indexOf('src/main.ts:3')).toBeLessThan(text.indexOf('src/env.ts:7'));
    const md = scan(dir, 'markdown');
    expect(md).toContain('| at least 1 (20 unless p is set) |');
    expect(md).toContain('? config RABBIT_MQ_ANALYTICS_QUEUE at src/rmq.service.ts:12');
    const sarif = JSON.parse(scan(dir, 'sarif'));
    const sources = sarif.runs[0].results.map((x: Row) => [x.ruleId, x.properties.consumer?.queueSource?.name]);
    expect(sources).toContainEqual(['unbounded-prefetch', 'RABBIT_MQ_ANALYTICS_QUEUE']);
    expect(sources).toContainEqual(['unbounded-prefetch', 'Q2']);
  });
});

describe('a monorepo of services', () => {
  const consumer = (queue: string, prefetch: string) => `${AMQP}export async function run() {\n${CHANNEL}${prefetch}  await ch.consume('${queue}', (m) => { if (m) ch.ack(m); });\n}\n`;
  const dir = project({
    'package.json': '{ "name": "shop", "private": true, "workspaces": ["services/*"] }\n',
    'services/billing/package.json': '{ "name": "billing", "dependencies": { "amqplib": "0.10.7" } }\n',
    'services/billing/src/worker.ts': consumer('invoices', ''),
    'services/billing/src/safe.ts': consumer('receipts', '  await ch.prefetch(10);\n'),
    'services/mailer/package.json': '{ "name": "mailer", "dependencies": { "amqplib": "0.10.7" } }\n',
    'services/mailer/src/worker.ts': consumer('emails', '  await ch.prefetch(10);\n'),
  });

  it('groups the rows by package with a summary each, the most urgent first', () => {
    const rows: Row[] = JSON.parse(scan(dir)).consumers;
    expect(rows.map((r) => [r.package, r.queue, r.verdict, r.priority])).toEqual([
      ['billing', 'receipts', 'safe', 2],
      ['billing', 'invoices', 'unsafe', 1],
      ['mailer', 'emails', 'safe', 3],
    ]);
    const text = scan(dir, 'text');
    expect(text).toMatch(/billing: 1 unsafe, 0 unknown, 1 safe\n.*where.*\n.*services\/billing\/src\/worker\.ts:4\s+invoices.*unsafe.*\n.*services\/billing\/src\/safe\.ts/);
    expect(text).toContain('mailer: 0 unsafe, 0 unknown, 1 safe');
    expect(scan(dir, 'markdown')).toContain('| `billing` | 1 | 0 | 1 |');
  });
});

describe('an unknown verdict read from a module no client needs names the key there', () => {
  // The prefetch comes from a config module (node-config's config.get) the analysis reads but does not model.
  const dir = project({
    'package.json': '{ "name": "worker", "dependencies": { "amqplib": "0.10.7", "config": "3.3.9" } }\n',
    'lib/config.js': "const config = require('config');\n\nconst rabbitmqConfig = config.get('rabbitmq');\nconst { prefetchCount } = rabbitmqConfig;\n\nfunction getConfig() {\n  return { prefetchCount: Number(prefetchCount) };\n}\n\nmodule.exports = { getConfig };\n",
    'receiver.js': "const amqp = require('amqplib');\nconst config = require('./lib/config');\n\nconst { prefetchCount } = config.getConfig();\n\nasync function listen() {\n  const ch = await (await amqp.connect(process.env.AMQP_URL)).createChannel();\n  await ch.prefetch(prefetchCount);\n  await ch.consume('builds', (m) => { if (m) ch.ack(m); });\n}\n\nlisten();\n",
  });
  it('names the configuration key and where the module reads it', () => {
    const r = rowAt(JSON.parse(scan(dir)).consumers, 'receiver.js:9');
    expect(r.verdict).toBe('unknown');
    expect(r.decidedBy).toEqual([{ value: 'prefetch', name: 'rabbitmq.prefetchCount', file: 'lib/config.js', line: 4 }]);
  });
});

describe('a consumer on a channel the tracker cannot follow, in a project that sets a prefetch', () => {
  it('is no finding; its row is unknown and names the prefetch that may apply', () => {
    const dir = path.join(ROOT, 'test-fixtures', 'unbounded-prefetch', 'amqplib-untraced-prefetch-elsewhere.input');
    const report = JSON.parse(scan(dir));
    expect(report.findings.filter((f: Row) => f.ruleId === 'unbounded-prefetch')).toEqual([]);
    const r = rowAt(report.consumers, 'src/consumers/orders.js:3');
    expect(r.verdict).toBe('unknown');
    expect(r.decidedBy).toEqual([{ value: 'prefetch', name: 'this[name].prefetch(10)', file: 'src/amqp.manager.js', line: 7 }]);
  });
});
