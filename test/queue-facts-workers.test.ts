/**
 * Issue 26: inconsistent-queue-declaration and a rewrite's deploy advice compare declarations that live in
 * different import-graph components, which a parallel run analyses in different threads. The facts that
 * cross threads carry every declaration; the findings must be the same with and without workers, and a
 * worker must really have analysed one of the two services (no fallback to one thread).
 */
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, project } from './helpers';

const ROOT = path.join(__dirname, '..');
const dist = path.join(ROOT, 'dist');

/** Many unrelated modules, so that the import graph has components enough to deal to two threads. */
function filler(n: number): Record<string, string> {
  const files: Record<string, string> = {};
  for (let i = 0; i < n; i++) {
    files[`services/misc/src/m${i}.ts`] = `import amqp from 'amqplib';\n\nexport async function m${i}(url: string) {\n  const ch = await (await amqp.connect(url)).createChannel();\n  await ch.assertQueue('misc-${i}', { durable: true });\n}\n`;
  }
  return files;
}

const FILES: Record<string, string> = {
  // The orders service: 'orders' is quorum now, 'emails' transient (rewritten to durable by fix).
  'services/orders/src/main.ts': `import amqp from 'amqplib';
import { emails } from './emails';

export async function main(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.assertQueue('orders', { arguments: { 'x-queue-type': 'quorum' } });
  await emails(ch);
}
`,
  'services/orders/src/emails.ts': `import type { Channel } from 'amqplib';

export async function emails(ch: Channel) {
  await ch.assertQueue('emails', { durable: false });
}
`,
  // The billing service, with no import in common: still classic, and 'emails' transient too.
  'services/billing/src/main.ts': `import amqp from 'amqplib';

export async function main(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.assertQueue('orders', {});
  await ch.assertQueue('emails', { durable: false, messageTtl: 1000 });
}
`,
  ...filler(40),
};

describe('queue facts across worker threads', () => {
  const dir = project(FILES, { git: true });

  it('finds the conflict between components and names the other service in the deploy advice, the same with 1, 2 and 3 threads', () => {
    const { runProject } = require(path.join(dist, 'engine/project.js')) as typeof import('../src/engine/project');
    const { buildReport } = require(path.join(dist, 'report/model.js')) as typeof import('../src/report/model');
    const { renderJson } = require(path.join(dist, 'report/json.js')) as typeof import('../src/report/json');
    const { importComponents } = require(path.join(dist, 'engine/workers.js')) as typeof import('../src/engine/workers');
    const { ProjectIndex } = require(path.join(dist, 'index/project-index.js')) as typeof import('../src/index/project-index');
    const { FileSystemView } = require(path.join(dist, 'index/file-system.js')) as typeof import('../src/index/file-system');
    const { factsOf } = require(path.join(dist, 'engine/candidates.js')) as typeof import('../src/engine/candidates');
    const single = runProject(['.'], { cwd: dir, workers: 0 }, { target: '4.3' });
    const findings = single.analysis.files.flatMap((f) => f.findings);
    const conflicts = findings.filter((f) => f.ruleId === 'inconsistent-queue-declaration');
    expect(conflicts.map((f) => [f.file, f.queue, f.brokerError])).toEqual([
      ['services/billing/src/main.ts', 'orders', "406 PRECONDITION_FAILED - inequivalent arg 'x-queue-type' for queue 'orders' in vhost '/': received 'classic' but current is 'quorum'"],
      ['services/billing/src/main.ts', 'emails', "406 PRECONDITION_FAILED - inequivalent arg 'x-message-ttl' for queue 'emails' in vhost '/': received the value '1000'"],
      ['services/orders/src/emails.ts', 'emails', "406 PRECONDITION_FAILED - inequivalent arg 'x-message-ttl' for queue 'emails' in vhost '/': received none but current is the value '1000'"],
      ['services/orders/src/main.ts', 'orders', "406 PRECONDITION_FAILED - inequivalent arg 'x-queue-type' for queue 'orders' in vhost '/': received 'quorum' but current is 'classic'"],
    ]);
    // The rewrite of one service's transient 'emails' names the other service's declaration.
    const rewrite = findings.find((f) => f.ruleId === 'transient-nonexclusive-queue' && f.file === 'services/orders/src/emails.ts')!;
    expect(rewrite.fix.existingQueue).toContain("services/billing/src/main.ts:6 (ch.assertQueue()) gets 406 PRECONDITION_FAILED - inequivalent arg 'durable' for queue 'emails' in vhost '/': received 'false' but current is 'true'");
    expect(rewrite.related?.map((r) => `${r.file}:${r.line}`)).toEqual(['services/billing/src/main.ts:6']);

    // The two services are different components: a parallel run analyses them apart.
    const inputs = Object.entries(FILES).map(([p, text]) => ({ path: p, text, absolute: path.join(dir, p) }));
    const index = new ProjectIndex(new FileSystemView(), inputs.map((i) => ({ absolute: i.absolute, path: i.path, facts: factsOf(i.path, i.text) })));
    const groups = importComponents(index, new Set(inputs.map((i) => i.absolute)));
    const groupOf = (p: string) => groups.findIndex((g) => g.includes(path.join(dir, p)));
    expect(groupOf('services/orders/src/main.ts')).not.toBe(groupOf('services/billing/src/main.ts'));

    for (const threads of [2, 3]) {
      const parallel = runProject(['.'], { cwd: dir, workers: threads }, { target: '4.3' });
      const { lastFallback } = require(path.join(dist, 'engine/workers.js')) as typeof import('../src/engine/workers');
      expect(lastFallback).toBeUndefined();
      expect(parallel.analysis.files.some((f) => f.model)).toBe(false);
      expect(renderJson(buildReport(parallel))).toBe(renderJson(buildReport(single)));
    }
  });

  it('the CLI gives the same JSON report with RABBITMQ4_CODEMOD_WORKERS=2 as with one thread', () => {
    const run = (workers: string) => {
      const before = process.env.RABBITMQ4_CODEMOD_WORKERS;
      process.env.RABBITMQ4_CODEMOD_WORKERS = workers;
      try {
        return cli(dir, 'scan', '.', '--format', 'json', '--default-queue-type', 'quorum');
      } finally {
        if (before === undefined) delete process.env.RABBITMQ4_CODEMOD_WORKERS;
        else process.env.RABBITMQ4_CODEMOD_WORKERS = before;
      }
    };
    const one = run('1');
    const two = run('2');
    expect(one.code).toBe(1);
    const report = JSON.parse(one.stdout) as { findings: { ruleId: string; file: string; queue?: string }[] };
    // Under the default queue type quorum, billing's 'orders' (no x-queue-type) is quorum too: no conflict on it.
    expect(report.findings.filter((f) => f.ruleId === 'inconsistent-queue-declaration').map((f) => [f.file, f.queue])).toEqual([
      ['services/billing/src/main.ts', 'emails'],
      ['services/orders/src/emails.ts', 'emails'],
    ]);
    expect(two.stdout).toBe(one.stdout);
  });
});
