/**
 * Issue 26: `plan` on a sample project (test/plan/sample: three services on classic queues, moving to quorum),
 * without a broker and with a definitions export: the checked-in expected output in each format, and the
 * plan's changes are fix's own (after `fix --default-queue-type quorum --write`, the plan asks for none).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, project, read } from './helpers';
import { PLAN_CASES, PLAN_DIR, runPlanCase } from './plan/cases';
import { readTree } from './fixture-cases';

describe('plan of the sample project', () => {
  for (const c of PLAN_CASES) {
    it(`${c.name}: the expected output (regenerate with npm run fixtures:update)`, () => {
      const r = runPlanCase(c.args);
      expect(r.stderr).toBe('');
      // One queue is declared differently in two services and one needs a decision: the move is blocked.
      expect(r.code).toBe(1);
      expect(r.stdout).toBe(fs.readFileSync(path.join(PLAN_DIR, c.name), 'utf8'));
    });
  }

  it('says what each queue becomes, and the JSON is the report the other formats render', () => {
    const report = JSON.parse(runPlanCase(['--format', 'json']).stdout);
    expect(report).toMatchObject({ version: 1, kind: 'plan', defaultQueueType: 'quorum', docs: 'MIGRATION.md#moving-to-quorum-queues' });
    const verdicts = Object.fromEntries(report.queues.map((q: { name: string; verdict: string }) => [q.name || "''", q.verdict]));
    expect(verdicts).toEqual({
      "''": 'stays-classic',
      ledger: 'already',
      notifications: 'unknown',
      'notifier.replies': 'stays-classic',
      orders: 'conflict',
      'orders.history': 'decide',
      'orders.lazy': 'after-changes',
      'orders.placement': 'after-changes',
      'orders.priority': 'after-changes',
      reports: 'stays-classic',
    });
    // Each consumer as it will start after the changes (what plan --verify starts once on the broker).
    expect(report.consumers).toEqual([expect.objectContaining({ file: 'services/billing/src/consumer.ts', line: 8, queue: 'orders', after: { queue: 'orders', noAck: false, prefetch: 20, arguments: {} }, refusedAfter: [] })]);
    const text = fs.readFileSync(path.join(PLAN_DIR, 'sample.plan.txt'), 'utf8');
    for (const q of report.queues) expect(text).toContain(q.summary);
  });

  it("with a definitions export: each queue that exists gets its step (a type never changes), the 406 it gets until then, and the queues no code declares", () => {
    const report = JSON.parse(runPlanCase(['--definitions', '../sample-definitions.json', '--format', 'json']).stdout);
    const placement = report.queues.find((q: { name: string }) => q.name === 'orders.placement');
    expect(placement.existing.step).toContain("a queue's type never changes");
    expect(placement.existing.step).toContain("406 PRECONDITION_FAILED - inequivalent arg 'x-queue-type' for queue 'orders.placement' in vhost '/': received 'quorum' but current is 'classic'");
    expect(placement.existing.commands).toEqual(['rabbitmqctl list_queues -p / name type messages consumers', 'rabbitmqctl delete_queue --if-empty -p / orders.placement']);
    expect(report.queues.find((q: { name: string }) => q.name === 'ledger').existing.step).toBe('It exists as a quorum queue with these settings: nothing to move.');
    expect(report.undeclared.map((u: { name: string }) => u.name)).toEqual(['archive']);
    expect(report.warnings).toEqual(["A definitions export holds no message or consumer counts, no exclusive queues and not the node's default queue type: the plan takes vhosts without a default as classic."]);
  });

  it("its changes are fix's: after fix --default-queue-type quorum --write the plan has no rewrite left", () => {
    const dir = project(Object.fromEntries(readTree(path.join(PLAN_DIR, 'sample'))), { git: true });
    const fixed = cli(dir, 'fix', '--default-queue-type', 'quorum', '--write');
    expect(fixed.code, fixed.stderr).toBe(0);
    expect(read(dir, 'services/orders/src/topology.ts')).toContain("await ch.assertQueue('orders.priority', { deadLetterExchange: 'orders.dlx' });");
    const report = JSON.parse(cli(dir, 'plan', '.', '--format', 'json').stdout);
    const rewrites = report.queues.flatMap((q: { declarations: { findings: { fix: { kind: string } }[] }[] }) => q.declarations.flatMap((d) => d.findings)).filter((f: { fix: { kind: string } }) => f.fix.kind === 'rewrite');
    expect(rewrites).toEqual([]);
    const verdicts = Object.fromEntries(report.queues.map((q: { name: string; verdict: string }) => [q.name || "''", q.verdict]));
    expect(verdicts).toMatchObject({ 'orders.lazy': 'ready', 'orders.placement': 'ready', 'orders.priority': 'ready', "''": 'stays-classic', orders: 'conflict', 'orders.history': 'decide' });
  });

  it('usage errors: one line, exit 2', () => {
    const dir = project({ 'a.ts': '' });
    expect(cli(dir, 'plan', '--verify').stderr).toMatch(/^rabbitmq4-codemod: plan --verify needs a broker to declare on: --management-url URL, --broker-config FILE or RABBITMQ4_CODEMOD_MANAGEMENT_URL/);
    expect(cli(dir, 'plan', '--format', 'sarif').stderr).toMatch(/^rabbitmq4-codemod: /);
    const r = cli(dir, 'plan', '--broker-config', 'missing.conf');
    expect([r.code, r.stderr]).toEqual([2, 'rabbitmq4-codemod: --broker-config missing.conf: no such file\n']);
  });
});
