// Issue 33: a warm --cache over an unchanged tree only stats (no folder listed, no file read but the cache), and
// any change a report depends on (a file's text, a file created or deleted, ignore rules, a configuration file
// becoming one, a file outside the project an import reads, the line width) is seen: the report is then a
// fresh run's, and the next run over the unchanged tree is stat-only again.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { project, ROOT } from './helpers';

const dist = path.join(ROOT, 'dist');
const { runProject } = require(path.join(dist, 'engine/project.js')) as typeof import('../src/engine/project');
const { buildReport } = require(path.join(dist, 'report/model.js')) as typeof import('../src/report/model');
const { renderJson } = require(path.join(dist, 'report/json.js')) as typeof import('../src/report/json');
const { renderSarif } = require(path.join(dist, 'report/sarif.js')) as typeof import('../src/report/sarif');
const { forgetLineWidths } = require(path.join(dist, 'fix/line-width.js')) as typeof import('../src/fix/line-width');

const FILES = {
  'package.json': '{ "name": "shop", "version": "1.0.0", "dependencies": { "amqplib": "^0.10.9" } }\n',
  'src/orders/options.ts': 'export const ORDER_QUEUE = { durable: false };\n',
  'src/orders/consumer.ts': "import amqp from 'amqplib';\nimport { ORDER_QUEUE } from './options';\nimport { SHARED } from '../../../shared/names';\n\nexport async function orders(ch: amqp.Channel) {\n  await ch.assertQueue(SHARED, ORDER_QUEUE);\n}\n",
  'src/billing/worker.ts': "import amqp from 'amqplib';\n\nexport async function billing(ch: amqp.Channel) {\n  await ch.assertQueue('invoices', { durable: false });\n}\n",
  'src/util/strings.ts': 'export const pad = (s: string) => ` ${s} `;\n',
  'src/audit/listener.ts': "import amqp from 'amqplib';\n\nexport async function listen(ch: amqp.Channel, name: string) {\n  await ch.consume(name, (msg) => { if (msg) ch.ack(msg); });\n}\n",
  'config/topology.json': '{ "note": "not a topology yet" }\n',
};

type Run = ReturnType<typeof runProject>;
const options = { target: '4.3' as const };

function scan(dir: string): Run {
  return runProject(['.'], { cwd: dir, cache: { file: path.join(dir, '.rabbitmq4-codemod-cache') } }, options);
}
/** The JSON report without the cache counts (a run without the cache has none), and every edit a fix would make. */
const json = (r: Run) => `${renderJson(buildReport({ ...r, cache: undefined }))}\n${JSON.stringify(r.analysis.files.map((f) => [f.path, f.edits]))}`;
const fresh = (dir: string) => json(runProject(['.'], { cwd: dir }, options));

/** Counts the calls of fs functions that list folders or read files while `run` runs. */
function counting<T>(run: () => T): { result: T; listed: string[]; read: string[] } {
  const listed: string[] = [];
  const read: string[] = [];
  // The module object the built code calls through (an ES namespace cannot be patched).
  const cjs = require('node:fs') as Record<string, (...a: unknown[]) => unknown>;
  const patched: [string, (...a: unknown[]) => unknown][] = [];
  const wrap = (name: 'readdirSync' | 'opendirSync' | 'readFileSync' | 'openSync', into: string[]) => {
    const original = cjs[name];
    patched.push([name, original]);
    cjs[name] = (...args: unknown[]) => {
      into.push(String(args[0]));
      return original.apply(cjs, args);
    };
  };
  wrap('readdirSync', listed);
  wrap('opendirSync', listed);
  wrap('readFileSync', read);
  wrap('openSync', read);
  try {
    // readFileSync opens through openSync: each path once.
    return { result: run(), listed: [...new Set(listed)], read: [...new Set(read)] };
  } finally {
    for (const [name, original] of patched) cjs[name] = original;
  }
}

let dirs: string[] = [];
afterEach(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  dirs = [];
});

/** A project in a folder of its own, with a module outside it that the consumer imports. */
function workspace(): { dir: string; outside: string } {
  const top = project({ 'shared/names.ts': "export const SHARED = 'orders';\n" });
  const dir = path.join(top, 'shop');
  for (const [rel, text] of Object.entries(FILES)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  }
  fs.mkdirSync(path.join(dir, '.git'));
  dirs.push(top);
  return { dir, outside: path.join(top, 'shared/names.ts') };
}

/** A later modification time, so that a change is seen whatever the file system's time resolution. */
function touchLater(file: string): void {
  const later = new Date(Date.now() + 5000);
  fs.utimesSync(file, later, later);
}

describe('scan --cache over an unchanged tree', () => {
  it('stats only: no folder listed but the cache file\'s, no file read but the cache and the manifest that makes the project; the same report, run after run', () => {
    const { dir } = workspace();
    const cold = scan(dir);
    expect(cold.cache).toMatchObject({ reused: 0, analysed: 4 });
    expect(cold.cache?.unchanged).toBeUndefined();
    for (let i = 0; i < 2; i++) {
      const warm = counting(() => scan(dir));
      expect(warm.result.cache).toEqual({ reused: 4, analysed: 0, unchanged: true });
      expect(warm.listed).toEqual([dir]);
      // The project's manifest (which project the path belongs to is found before the cache is opened), and the cache.
      expect(warm.read).toEqual([path.join(dir, 'package.json'), path.join(dir, '.rabbitmq4-codemod-cache')]);
      expect(json(warm.result)).toBe(json(cold));
      expect(json(warm.result)).toBe(fresh(dir));
    }
    // A report that shows code (SARIF's replacements) reads the texts it shows, when it asks for them.
    const sarif = counting(() => renderSarif(buildReport(scan(dir))));
    expect(sarif.read.filter((f) => f.endsWith('.ts')).length).toBeGreaterThan(0);
    expect(sarif.result).toBe(renderSarif(buildReport(runProject(['.'], { cwd: dir }, options))));
  });

  const changes: [string, (w: { dir: string; outside: string }) => void][] = [
    ['a file edited to the same size', ({ dir }) => {
      const file = path.join(dir, 'src/billing/worker.ts');
      fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace("'invoices'", "'invoicez'"));
      touchLater(file);
    }],
    ['a file created in an existing folder', ({ dir }) => fs.writeFileSync(path.join(dir, 'src/billing/refunds.ts'), "import amqp from 'amqplib';\nexport const r = (ch: amqp.Channel) => ch.assertQueue('refunds', { durable: false });\n")],
    ['a file deleted', ({ dir }) => fs.rmSync(path.join(dir, 'src/billing/worker.ts'))],
    ['a .gitignore created that leaves a file out', ({ dir }) => fs.writeFileSync(path.join(dir, 'src/billing/.gitignore'), 'worker.ts\n')],
    ['a JSON file that becomes a client configuration', ({ dir }) => {
      const file = path.join(dir, 'config/topology.json');
      fs.writeFileSync(file, '{ "vhosts": { "/": { "queues": { "q": { "options": { "durable": false } } } } } }\n');
      touchLater(file);
    }],
    ['a file outside the project that an import reads', ({ outside }) => {
      fs.writeFileSync(outside, "export const SHARED = 'orders-v2';\n");
      touchLater(outside);
    }],
    ['the line width of the marker comments (.editorconfig)', ({ dir }) => fs.writeFileSync(path.join(dir, '.editorconfig'), 'root = true\n[*]\nmax_line_length = 40\n')],
  ];

  it.each(changes)('sees %s: a fresh run\'s report, then stat-only again', (_what, change) => {
    const w = workspace();
    const before = json(scan(w.dir));
    expect(scan(w.dir).cache?.unchanged).toBe(true);
    change(w);
    // What one process knows of line widths (a new run is a new process).
    forgetLineWidths();
    const after = scan(w.dir);
    expect(after.cache?.unchanged).toBeUndefined();
    expect(json(after)).toBe(fresh(w.dir));
    expect(json(after)).not.toBe(before);
    const again = scan(w.dir);
    expect(again.cache?.unchanged).toBe(true);
    expect(json(again)).toBe(json(after));
  });

  it('an ignore rule edited in an existing .gitignore is seen', () => {
    const w = workspace();
    fs.writeFileSync(path.join(w.dir, '.gitignore'), 'tmp/\n');
    const before = json(scan(w.dir));
    expect(scan(w.dir).cache?.unchanged).toBe(true);
    const file = path.join(w.dir, '.gitignore');
    fs.writeFileSync(file, 'src/billing/\n');
    touchLater(file);
    const after = scan(w.dir);
    expect(after.cache?.unchanged).toBeUndefined();
    expect(json(after)).toBe(fresh(w.dir));
    expect(json(after)).not.toBe(before);
  });
});
