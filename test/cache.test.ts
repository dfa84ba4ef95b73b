// The persistent cache (--cache): reused only when nothing a result was computed from changed, counted per run.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, project } from './helpers';

const OPTIONS_LEGAL = 'export const ORDER_QUEUE = { durable: true };\n';
const OPTIONS_REFUSED = 'export const ORDER_QUEUE = { durable: false };\n';

/** Two services that share nothing: orders (its options imported from a constants module) and billing. */
const FILES = {
  'package.json': '{ "name": "shop", "version": "1.0.0", "dependencies": { "amqplib": "^0.10.9" } }\n',
  'src/orders/options.ts': OPTIONS_LEGAL,
  'src/orders/consumer.ts': "import amqp from 'amqplib';\nimport { ORDER_QUEUE } from './options';\n\nexport async function orders(ch: amqp.Channel) {\n  await ch.assertQueue('orders', ORDER_QUEUE);\n}\n",
  'src/orders/publisher.ts': "import amqp from 'amqplib';\nimport { ORDER_QUEUE } from './options';\n\nexport async function declare(ch: amqp.Channel) {\n  await ch.assertQueue('orders', ORDER_QUEUE);\n}\n",
  'src/billing/worker.ts': "import amqp from 'amqplib';\n\nexport async function billing(ch: amqp.Channel) {\n  await ch.assertQueue('invoices', { durable: false });\n}\n",
  'src/billing/helpers.ts': "import amqp from 'amqplib';\n\nexport const ping = (ch: amqp.Channel) => ch.checkQueue('invoices');\n",
};

interface Report {
  summary: { cache?: { reused: number; analysed: number } };
  findings: { file: string; ruleId: string; line: number }[];
}

function scan(dir: string, ...args: string[]): Report {
  const r = cli(dir, 'scan', '.', '--format', 'json', '--fail-on', 'never', '--cache', ...args);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as Report;
}

const rules = (r: Report) => r.findings.map((f) => `${f.file}:${f.line} ${f.ruleId}`).sort();

describe('scan --cache', () => {
  it('reuses every result of an unchanged project, and the findings are those of a run without it', () => {
    const dir = project(FILES);
    const cold = scan(dir);
    expect(cold.summary.cache).toEqual({ reused: 0, analysed: 5 });
    expect(fs.existsSync(path.join(dir, '.rabbitmq4-codemod-cache'))).toBe(true);
    const warm = scan(dir);
    expect(warm.summary.cache).toEqual({ reused: 5, analysed: 0 });
    expect(warm.findings).toEqual(cold.findings);
    const without = JSON.parse(cli(dir, 'scan', '.', '--format', 'json', '--fail-on', 'never').stdout) as Report;
    expect(without.summary.cache).toBeUndefined();
    expect(without.findings).toEqual(warm.findings);
  });

  it('an imported constant changes: the finding it decides appears, and only the files that import it are analysed again (counted)', () => {
    const dir = project(FILES);
    const before = scan(dir);
    expect(rules(before)).toEqual(['src/billing/worker.ts:4 transient-nonexclusive-queue']);
    fs.writeFileSync(path.join(dir, 'src/orders/options.ts'), OPTIONS_REFUSED);
    const after = scan(dir);
    // options.ts names no client: the two files that import it are the candidates analysed again; billing and the manifest are reused.
    expect(after.summary.cache).toEqual({ reused: 3, analysed: 2 });
    expect(rules(after)).toEqual(['src/billing/worker.ts:4 transient-nonexclusive-queue', 'src/orders/consumer.ts:5 transient-nonexclusive-queue', 'src/orders/publisher.ts:5 transient-nonexclusive-queue']);
    // Back again: the same two.
    fs.writeFileSync(path.join(dir, 'src/orders/options.ts'), OPTIONS_LEGAL);
    const back = scan(dir);
    expect(back.summary.cache).toEqual({ reused: 3, analysed: 2 });
    expect(back.findings).toEqual(before.findings);
  });

  it('a new file that imports a module joins its group: that group is analysed again, the others are reused', () => {
    const dir = project(FILES);
    scan(dir);
    fs.writeFileSync(path.join(dir, 'src/billing/audit.ts'), "import { billing } from './worker';\nexport const run = billing;\n");
    // worker.ts and the new importer; orders (2 files), helpers.ts and the manifest are reused.
    expect(scan(dir).summary.cache).toEqual({ reused: 4, analysed: 2 });
    fs.rmSync(path.join(dir, 'src/billing/audit.ts'));
    expect(scan(dir).summary.cache).toEqual({ reused: 4, analysed: 1 });
  });

  it('another target or other rules is another cache (both kept); a touched but unchanged file is known by its content', () => {
    const dir = project(FILES);
    scan(dir);
    expect(scan(dir, '--target', '4.2').summary.cache).toEqual({ reused: 0, analysed: 5 });
    expect(scan(dir, '--target', '4.2').summary.cache).toEqual({ reused: 5, analysed: 0 });
    expect(scan(dir, '--target', '4.2', '--rules', 'transient-nonexclusive-queue').summary.cache).toEqual({ reused: 0, analysed: 5 });
    // The 4.3 run's cache is still there.
    expect(scan(dir).summary.cache).toEqual({ reused: 5, analysed: 0 });
    // A newer modification time, the same text: the digest says it is unchanged.
    scan(dir);
    const later = new Date(Date.now() + 5000);
    fs.utimesSync(path.join(dir, 'src/billing/worker.ts'), later, later);
    expect(scan(dir).summary.cache).toEqual({ reused: 5, analysed: 0 });
  });

  it('--cache-strategy content reuses an unchanged project by content alone; a damaged cache is no cache; --cache-location takes a file or a folder', () => {
    const dir = project(FILES);
    const store = path.join(dir, 'tmp-cache');
    fs.mkdirSync(store);
    expect(scan(dir, '--cache-location', 'tmp-cache').summary.cache).toEqual({ reused: 0, analysed: 5 });
    expect(fs.existsSync(path.join(store, '.rabbitmq4-codemod-cache'))).toBe(true);
    expect(scan(dir, '--cache-location', 'tmp-cache', '--cache-strategy', 'content').summary.cache).toEqual({ reused: 5, analysed: 0 });
    fs.writeFileSync(path.join(store, '.rabbitmq4-codemod-cache'), 'not a cache');
    const damaged = scan(dir, '--cache-location', 'tmp-cache');
    expect(damaged.summary.cache).toEqual({ reused: 0, analysed: 5 });
    expect(scan(dir, '--cache-location', 'elsewhere/cache.bin').summary.cache).toEqual({ reused: 0, analysed: 5 });
    expect(fs.existsSync(path.join(dir, 'elsewhere/cache.bin'))).toBe(true);
  });

  it('fix --cache applies the cached results: the edits are the same, and the fixed files are analysed again', () => {
    const dir = project(FILES, { git: true });
    scan(dir);
    const fixed = cli(dir, 'fix', '.', '--cache', '--write');
    expect(fixed.code, fixed.stderr).toBe(0);
    expect(fs.readFileSync(path.join(dir, 'src/billing/worker.ts'), 'utf8')).toContain('{ durable: true }');
    const again = scan(dir);
    expect(again.findings).toEqual([]);
    expect(again.summary.cache?.analysed).toBeGreaterThan(0);
  });

  it('a queue declared in two components: a change in one is a change of the other\'s results; the default queue type is another cache', () => {
    const dir = project({
      ...FILES,
      'src/billing/jobs.ts': "import amqp from 'amqplib';\n\nexport async function jobs(ch: amqp.Channel) {\n  await ch.assertQueue('jobs', { messageTtl: 1000 });\n}\n",
      'src/reports/jobs.ts': "import amqp from 'amqplib';\n\nexport async function jobs(ch: amqp.Channel) {\n  await ch.assertQueue('jobs', { messageTtl: 1000 });\n}\n",
    });
    const conflicts = (r: Report) => r.findings.filter((f) => f.ruleId === 'inconsistent-queue-declaration').map((f) => f.file);
    expect(conflicts(scan(dir))).toEqual([]);
    fs.writeFileSync(path.join(dir, 'src/reports/jobs.ts'), fs.readFileSync(path.join(dir, 'src/reports/jobs.ts'), 'utf8').replace('1000', '2000'));
    // billing/jobs.ts is unchanged, but its declaration now differs from the other one: not reused.
    const changed = scan(dir);
    expect(conflicts(changed)).toEqual(['src/billing/jobs.ts', 'src/reports/jobs.ts']);
    expect(changed.findings).toEqual((JSON.parse(cli(dir, 'scan', '.', '--format', 'json', '--fail-on', 'never').stdout) as Report).findings);
    // Unchanged again: reused, the same findings.
    const warm = scan(dir);
    expect(warm.summary.cache?.analysed).toBe(0);
    expect(conflicts(warm)).toEqual(conflicts(changed));
    // Under the default queue type quorum the broker types declarations otherwise: nothing is reused.
    const quorum = scan(dir, '--default-queue-type', 'quorum');
    expect(quorum.summary.cache?.reused).toBe(0);
    expect(quorum.findings.some((f) => f.ruleId === 'quorum-delivery-limit-default')).toBe(true);
  });

  it('cache options without --cache are a usage error', () => {
    const dir = project(FILES);
    const r = cli(dir, 'scan', '.', '--cache-location', 'x');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--cache-location needs --cache/);
  });
});
