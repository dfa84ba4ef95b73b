/**
 * Issue 10: `audit --definitions`. The definitions file is hand-written, modelled on a RabbitMQ 3.13
 * export (`rabbitmqctl export_definitions`): it holds a transient queue, a queue with
 * x-queue-master-locator, an ha-all mirroring policy and a classic `events` queue that the code now
 * declares as quorum, next to healthy queues and a healthy policy that must not be flagged.
 */
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, project } from './helpers';
import { sarifErrors } from './sarif-schema';

const DEFINITIONS = fs.readFileSync(path.join(__dirname, 'audit', 'definitions-3.13.json'), 'utf8');

const APP = `import amqp from 'amqplib';

export async function setup(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.assertQueue('events', { arguments: { 'x-queue-type': 'quorum' } });
  await ch.assertQueue('orders', { deadLetterExchange: 'orders.dlx' });
  await ch.assertQueue('payments', { arguments: { 'x-queue-type': 'quorum', 'x-delivery-limit': 50 } });
  await ch.assertQueue('jobs.resize', { maxPriority: 10 });
  await ch.assertQueue('jobs.replay', { arguments: { 'x-queue-type': 'stream', 'x-max-age': '7D' } });
  await ch.assertQueue('billing', { arguments: { 'x-queue-master-locator': 'min-masters' } });
}
`;

const HEALTHY = ['orders', 'payments', 'jobs.resize', 'jobs.replay', 'jobs-limits'];

interface AuditFinding {
  ruleId: string;
  severity: string;
  vhost: string;
  object: { kind: string; name: string };
  message: string;
  step: string;
  commands: string[];
  brokerError?: string;
  code?: { file: string; line: number };
  at?: { line: number };
}

function audit(dir: string, ...args: string[]) {
  const r = cli(dir, 'audit', ...args, '--format', 'json');
  return { code: r.code, stderr: r.stderr, report: r.stdout ? JSON.parse(r.stdout) : undefined };
}

describe('audit --definitions', () => {
  const dir = project({ 'definitions.json': DEFINITIONS, 'src/app.ts': APP });

  it('reports the transient queue, the master-locator queue, the mirroring policy and the events redeclaration, each with its step; nothing healthy', () => {
    const { code, report } = audit(dir, 'src', '--definitions', 'definitions.json');
    expect(code).toBe(1);
    expect(report).toMatchObject({
      version: 1,
      kind: 'audit',
      target: '4.3',
      source: { definitions: 'definitions.json' },
      brokerVersion: '3.13.7',
      summary: { queues: 7, policies: 2, consumers: null, declarations: 6, findings: { error: 4, warning: 0, info: 0 } },
      errors: [],
    });
    const findings = report.findings as AuditFinding[];
    expect(findings.map((f) => [f.ruleId, f.object.kind, f.object.name])).toEqual([
      ['broker-mirroring-policy', 'policy', 'ha-all'],
      ['broker-queue-argument', 'queue', 'billing'],
      ['broker-redeclare-mismatch', 'queue', 'events'],
      ['broker-transient-queue', 'queue', 'sessions.scratch'],
    ]);
    for (const name of HEALTHY) expect(findings.some((f) => f.object.name === name)).toBe(false);

    const [mirroring, locator, events, transient] = findings;
    expect(mirroring.message).toContain('sets classic queue mirroring (ha-mode: "all")');
    // jobs.resize matches ha-all's pattern, but jobs-limits (priority 10) is the policy that applies to it.
    expect(mirroring.message).toContain("It mirrors 4 classic queues today ('sessions.scratch', 'billing', 'events', 'orders')");
    expect(mirroring.commands).toEqual(['rabbitmqctl clear_policy -p / ha-all']);
    expect(mirroring.step).toContain('quorum queues');
    expect(mirroring.at).toEqual({ line: 29, column: 5, endLine: 36, endColumn: 6 });

    expect(locator.message).toContain('holds x-queue-master-locator: "min-masters"');
    expect(locator.message).toContain("406 PRECONDITION_FAILED - inequivalent arg 'x-queue-master-locator'");
    expect(locator.brokerError).toBe('541 INTERNAL_ERROR - Feature `queue_master_locator` is deprecated.');
    expect(locator.step).toMatch(/recreate the queue .* or move to a new queue name/);
    // Only one policy applies to a queue: the line keeps ha-all's other keys (none) and outranks it.
    expect(locator.commands).toEqual([`rabbitmqctl set_policy -p / --apply-to queues --priority 1 billing.settings '^billing$' '{"queue-leader-locator":"balanced"}'`]);

    expect(events.code).toEqual({ file: 'src/app.ts', line: 5, column: 9, endLine: 5, endColumn: 78 });
    expect(events.message).toContain('x-queue-type: "quorum" in the code, "classic" on the broker');
    expect(events.brokerError).toBe("406 PRECONDITION_FAILED - inequivalent arg 'x-queue-type' for queue 'events' in vhost '/': received 'quorum' but current is 'classic'");
    expect(events.step).toContain("A queue's type never changes");
    expect(events.commands).toEqual(['rabbitmqctl delete_queue -p / events']);

    expect(transient.message).toContain('transient (durable: false) and not exclusive');
    expect(transient.step).toContain('deploy it after the upgrade');
    expect(transient.commands).toEqual(['rabbitmqctl delete_queue -p / sessions.scratch']);
  });

  it('without paths reports only what the broker holds', () => {
    const { report } = audit(dir, '--definitions', 'definitions.json');
    expect(report.summary.declarations).toBeNull();
    expect(report.findings.map((f: AuditFinding) => f.ruleId)).toEqual(['broker-mirroring-policy', 'broker-queue-argument', 'broker-transient-queue']);
  });

  it('finds flag and argument differences, with a policy for the argument the code moved', () => {
    const app = APP.replace("{ deadLetterExchange: 'orders.dlx' }", '{}').replace("await ch.assertQueue('billing', { arguments: { 'x-queue-master-locator': 'min-masters' } });", "await ch.assertQueue('billing', { durable: false, arguments: { 'x-queue-leader-locator': 'balanced' } });");
    const d = project({ 'definitions.json': DEFINITIONS, 'src/app.ts': app });
    const findings = audit(d, 'src', '--definitions', 'definitions.json').report.findings.filter((f: AuditFinding) => f.ruleId === 'broker-redeclare-mismatch') as AuditFinding[];
    expect(findings.map((f) => f.object.name)).toEqual(['billing', 'events', 'orders']);
    const [billing, , orders] = findings;
    // In the broker's order: durable first, then the classic queue's arguments in the order it compares them.
    expect(billing.message).toContain('durable: false in the code, true on the broker; x-queue-master-locator: none in the code, "min-masters" on the broker; x-queue-leader-locator: "balanced" in the code, none on the broker');
    expect(billing.brokerError).toBe("406 PRECONDITION_FAILED - inequivalent arg 'durable' for queue 'billing' in vhost '/': received 'false' but current is 'true'");
    expect(orders.message).toContain('x-dead-letter-exchange: none in the code, "orders.dlx" on the broker');
    expect(orders.commands).toEqual([
      `rabbitmqctl set_policy -p / --apply-to queues --priority 1 orders.settings '^orders$' '{"dead-letter-exchange":"orders.dlx"}'`,
      'rabbitmqctl delete_queue -p / orders',
    ]);
  });

  it('follows --target, --fail-on and --vhost', () => {
    const { code, report } = audit(dir, '--definitions', 'definitions.json', '--target', '4.2');
    expect(report.findings.map((f: AuditFinding) => `${f.ruleId} ${f.severity}`)).toEqual(['broker-mirroring-policy error', 'broker-queue-argument warning', 'broker-transient-queue warning']);
    expect(code).toBe(1);
    expect(audit(dir, '--definitions', 'definitions.json', '--fail-on', 'never').code).toBe(0);
    const other = audit(dir, '--definitions', 'definitions.json', '--vhost', 'other');
    expect(other.report).toMatchObject({ vhost: 'other', summary: { queues: 0, policies: 0 }, findings: [] });
    expect(other.code).toBe(0);
  });

  it('takes severities and rules turned off from the config', () => {
    const d = project({ 'definitions.json': DEFINITIONS, 'rabbitmq4-codemod.config.json': JSON.stringify({ rules: { 'broker-mirroring-policy': 'off', 'broker-transient-queue': 'info' } }) });
    expect(audit(d, '--definitions', 'definitions.json').report.findings.map((f: AuditFinding) => `${f.ruleId} ${f.severity}`)).toEqual(['broker-queue-argument error', 'broker-transient-queue info']);
  });

  it('renders text, markdown and schema-valid SARIF that points into the definitions file and the code', () => {
    const text = cli(dir, 'audit', 'src', '--definitions', 'definitions.json');
    expect(text.stdout).toContain("src/app.ts:5:9  queue 'events' (vhost '/')  error  broker-redeclare-mismatch");
    expect(text.stdout).toContain('      $ rabbitmqctl clear_policy -p / ha-all');
    expect(text.stdout).toContain('Audit of definitions.json (RabbitMQ 3.13.7): 7 queues, 2 policies, consumers not in a definitions export, 6 queue declarations in the code: 4 errors, 0 warnings, 0 info (target RabbitMQ 4.3)');

    const md = cli(dir, 'audit', 'src', '--definitions', 'definitions.json', '--format', 'markdown').stdout;
    expect(md).toContain('**4 errors, 0 warnings, 0 info** on `definitions.json` (RabbitMQ 3.13.7): 7 queues, 2 policies, no consumers');
    expect(md).toContain('| `broker-transient-queue` | error | 1 | by hand | `MIGRATION.md#broker-transient-queue` |');
    expect(md).toMatch(/\| queue `events` \(`src\/app\.ts:5`\) \| `\/` \| `broker-redeclare-mismatch` \| error \|/);

    const log = JSON.parse(cli(dir, 'audit', 'src', '--definitions', 'definitions.json', '--format', 'sarif').stdout);
    expect(sarifErrors(log)).toEqual([]);
    const results = log.runs[0].results;
    expect(log.runs[0].tool.driver.rules.map((r: { id: string }) => r.id)).toEqual(['broker-transient-queue', 'broker-queue-argument', 'broker-mirroring-policy', 'broker-unsafe-consumer', 'broker-redeclare-mismatch']);
    const where = (r: { locations: { physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } } }[] }) =>
      `${r.locations[0].physicalLocation.artifactLocation.uri}:${r.locations[0].physicalLocation.region.startLine}`;
    expect(results.map((r: { ruleId: string }) => r.ruleId)).toEqual(['broker-mirroring-policy', 'broker-queue-argument', 'broker-redeclare-mismatch', 'broker-transient-queue']);
    expect(results.map(where)).toEqual(['definitions.json:29', 'definitions.json:54', 'src/app.ts:5', 'definitions.json:47']);
    expect(results[1].locations[0].logicalLocations).toEqual([{ name: 'billing', fullyQualifiedName: '//billing', kind: 'queue' }]);
  });
});

describe('audit usage errors: one line, exit 2', () => {
  const dir = project({ 'definitions.json': DEFINITIONS, 'broken.json': '{"queues": [', 'other.json': '{"users": []}' });
  it.each([
    [['audit'], /^rabbitmq4-codemod: audit needs --definitions FILE \(a definitions export\), or a broker: --management-url URL, --broker-config FILE, or RABBITMQ4_CODEMOD_MANAGEMENT_URL$/],
    [['audit', '--definitions', 'definitions.json', '--management-url', 'http://127.0.0.1:1'], /not both$/],
    [['audit', '--definitions', 'missing.json'], /^rabbitmq4-codemod: missing\.json: no such file$/],
    [['audit', '--definitions', 'broken.json'], /^rabbitmq4-codemod: broken\.json: invalid JSON: /],
    [['audit', '--definitions', 'other.json'], /^rabbitmq4-codemod: other\.json: not a RabbitMQ definitions export/],
    [['audit', '--definitions', 'definitions.json', 'missing-dir'], /^rabbitmq4-codemod: missing-dir: no such file or directory$/],
    [['audit', '--definitions', 'definitions.json', '--rules', 'x'], /^rabbitmq4-codemod: unknown option --rules for 'audit'/],
    [['audit', '--management-url', 'ftp://127.0.0.1/'], /^rabbitmq4-codemod: --management-url must be an http:\/\/ or https:\/\/ URL/],
  ])('%j', (args, message) => {
    const r = cli(dir, ...args);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toMatch(message);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('a management API that does not answer, with the password hidden', async () => {
    // A loopback port that nothing listens on: bind one, then free it.
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as net.AddressInfo).port;
    await new Promise((resolve) => server.close(resolve));
    const r = cli(dir, 'audit', '--management-url', `http://guest:secret@127.0.0.1:${port}`);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`rabbitmq4-codemod: cannot reach the management API at http://127.0.0.1:${port} (GET /api/overview): ECONNREFUSED\n`);
  });
});
