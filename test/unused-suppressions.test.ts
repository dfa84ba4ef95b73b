/** Issue 10: ignore comments that no longer suppress anything are reported (unused-suppression). */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, project } from './helpers';

const SRC = `import amqp from 'amqplib';

export async function start(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  // rabbitmq4-codemod-ignore transient-nonexclusive-queue
  await ch.assertQueue('scratch', { durable: false });
  // rabbitmq4-codemod-ignore transient-nonexclusive-queue
  await ch.assertQueue('jobs', { durable: true });
  // rabbitmq4-codemod-ignore auto-ack-consumer, global-qos
  await ch.consume('jobs', (m) => console.log(m), { noAck: true });
  // rabbitmq4-codemod-ignore transient-nonexclusive-queu
  await ch.assertQueue('typo', { durable: true });
  // rabbitmq4-codemod-ignore
  await ch.assertQueue('all', { durable: true });
}
`;

interface F {
  ruleId: string;
  severity: string;
  line: number;
  column: number;
  message: string;
  fix: { kind: string };
}
const scan = (dir: string, ...args: string[]) => {
  const r = cli(dir, 'scan', '--format', 'json', ...args);
  return { code: r.code, findings: JSON.parse(r.stdout).findings as F[] };
};

describe('unused-suppression', () => {
  it('reports each ignore comment that matches nothing, and names the ids at fault', () => {
    const dir = project({ 'a.ts': SRC });
    const { code, findings } = scan(dir);
    expect(findings.map((f) => [f.ruleId, f.severity, f.line])).toEqual([
      ['unused-suppression', 'warning', 7],
      ['unused-suppression', 'warning', 9],
      ['unused-suppression', 'warning', 11],
      ['unused-suppression', 'warning', 13],
    ]);
    // Warnings only: the default --fail-on error passes.
    expect(code).toBe(0);
    expect(findings[0]).toMatchObject({ column: 3, fix: { kind: 'none' }, message: expect.stringContaining("'transient-nonexclusive-queue' reports nothing on the next line any more") });
    // The used id (auto-ack-consumer) is not named; the one that matched nothing is.
    expect(findings[1].message).toContain("'global-qos' reports nothing");
    expect(findings[1].message).not.toContain('auto-ack-consumer');
    expect(findings[2].message).toContain("'transient-nonexclusive-queu' is not a rule id");
    expect(findings[3].message).toContain('suppresses nothing');
    expect(cli(dir, 'scan').stdout).toContain('a.ts:7:3  warning  This rabbitmq4-codemod-ignore comment no longer matches anything');
  });

  it('leaves alone ids of rules that did not run, and can be turned off or made stricter in the config', () => {
    const dir = project({ 'a.ts': SRC });
    // Only global-qos ran: the comments naming it (unused) would count, but the filter leaves unused-suppression out too.
    expect(scan(dir, '--rules', 'global-qos').findings).toEqual([]);
    fs.writeFileSync(path.join(dir, 'rabbitmq4-codemod.config.json'), JSON.stringify({ rules: { 'global-qos': 'off' } }));
    const lines = scan(dir).findings.map((f) => `${f.line} ${f.message}`);
    expect(lines.find((l) => l.startsWith('9 '))).toBeUndefined(); // global-qos did not run, auto-ack-consumer was used
    expect(lines.find((l) => l.startsWith('13 '))).toBeUndefined(); // a bare ignore cannot be judged when a rule is off
    fs.writeFileSync(path.join(dir, 'rabbitmq4-codemod.config.json'), JSON.stringify({ rules: { 'unused-suppression': 'off' } }));
    expect(scan(dir).findings).toEqual([]);
    fs.writeFileSync(path.join(dir, 'rabbitmq4-codemod.config.json'), JSON.stringify({ rules: { 'unused-suppression': 'error' } }));
    const strict = scan(dir);
    expect(strict.findings.map((f) => f.severity)).toEqual(['error', 'error', 'error', 'error']);
    expect(strict.code).toBe(1);
  });

  it('is in the SARIF rules and the markdown report', () => {
    const dir = project({ 'a.ts': SRC });
    const log = JSON.parse(cli(dir, 'scan', '--format', 'sarif').stdout);
    const ids = log.runs[0].tool.driver.rules.map((r: { id: string }) => r.id);
    expect(ids[log.runs[0].results[0].ruleIndex]).toBe('unused-suppression');
    expect(cli(dir, 'scan', '--format', 'markdown').stdout).toContain('| `unused-suppression` | warning | 4 | none |');
  });

  it('is listed by `rules`, last, as the check of the tool\'s own ignore comments that scan reports and the config accepts', () => {
    const rules = JSON.parse(cli(process.cwd(), 'rules', '--format', 'json').stdout);
    expect(rules[rules.length - 1]).toMatchObject({ id: 'unused-suppression', appliesTo: 'ignore-comment', severity: { '4.3': 'warning' }, fixable: 'none', docs: 'MIGRATION.md#unused-suppression' });
  });
});
