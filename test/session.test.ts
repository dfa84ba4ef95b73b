// A long-lived project (the language server's, the transform's): an edit re-reads that file's facts, and only
// the group of files its imports connect is analysed again; the rest keep their results (counted, not timed).
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ProjectSession } from '../src/engine/session';
import { FileSystemView } from '../src/index/file-system';
import { project } from './helpers';

const FILES = {
  'package.json': '{ "name": "shop", "version": "1.0.0", "dependencies": { "amqplib": "^0.10.9" } }\n',
  'src/orders/options.ts': 'export const ORDER_QUEUE = { durable: true };\n',
  'src/orders/consumer.ts': "import amqp from 'amqplib';\nimport { ORDER_QUEUE } from './options';\n\nexport async function orders(ch: amqp.Channel) {\n  await ch.assertQueue('orders', ORDER_QUEUE);\n}\n",
  'src/billing/worker.ts': "import amqp from 'amqplib';\n\nexport async function billing(ch: amqp.Channel) {\n  await ch.assertQueue('invoices', { durable: false });\n}\n",
};

/** A session over the disk with an editor's unsaved texts on top. */
function session(dir: string) {
  const unsaved = new Map<string, string>();
  const view = new FileSystemView();
  const host = { read: (p: string) => unsaved.get(p) ?? view.read(p), exists: (p: string) => unsaved.has(p) || view.exists(p) };
  const s = new ProjectSession({ root: dir, cwd: dir, host, unsaved: (p) => unsaved.get(p) }).build();
  return { s, edit: (file: string, text: string) => (unsaved.set(path.join(dir, file), text), s.changed(path.join(dir, file))) };
}

const findings = (a: ReturnType<ProjectSession['analysis']>) => a!.files.flatMap((f) => f.findings.map((x) => `${f.path}:${x.line} ${x.ruleId}`)).sort();

describe('a project session', () => {
  it('analyses again only the files the edit can change: its import group', () => {
    const dir = project(FILES);
    const { s, edit } = session(dir);
    const options = { target: '4.3' as const };
    expect(findings(s.analysis(options))).toEqual(['src/billing/worker.ts:4 transient-nonexclusive-queue']);
    expect(s.lastRun).toEqual({ reused: 0, analysed: 3 });
    // Unchanged: the same analysis, nothing recomputed.
    const same = s.analysis(options);
    expect(same).toBe(s.analysis(options));
    // An unsaved edit of the constant the orders consumer reads: its group only (billing and the manifest are kept).
    edit('src/orders/options.ts', 'export const ORDER_QUEUE = { durable: false };\n');
    expect(findings(s.analysis(options))).toEqual(['src/billing/worker.ts:4 transient-nonexclusive-queue', 'src/orders/consumer.ts:5 transient-nonexclusive-queue']);
    expect(s.lastRun).toEqual({ reused: 2, analysed: 1 });
    // An edit in billing: orders is kept.
    edit('src/billing/worker.ts', FILES['src/billing/worker.ts'].replace('durable: false', 'durable: true'));
    expect(findings(s.analysis(options))).toEqual(['src/orders/consumer.ts:5 transient-nonexclusive-queue']);
    expect(s.lastRun).toEqual({ reused: 2, analysed: 1 });
    // Other options: everything again.
    s.analysis({ target: '4.2' });
    expect(s.lastRun).toEqual({ reused: 0, analysed: 3 });
  });

  it('a file that starts naming a client joins the candidates: its facts are read again on the edit', () => {
    const dir = project({ ...FILES, 'src/billing/audit.ts': 'export const nothing = 1;\n' });
    const { s, edit } = session(dir);
    const options = { target: '4.3' as const };
    expect(s.analysis(options)!.files.some((f) => f.path === 'src/billing/audit.ts')).toBe(false);
    edit('src/billing/audit.ts', "import amqp from 'amqplib';\nexport const q = (ch: amqp.Channel) => ch.assertQueue('audit', { durable: false });\n");
    expect(findings(s.analysis(options))).toContain('src/billing/audit.ts:2 transient-nonexclusive-queue');
  });
});
