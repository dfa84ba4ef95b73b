/**
 * Issue 10: `audit` against a real broker. On the LEGACY node (RABBITMQ_LEGACY_URL, deprecated
 * features permitted, holding queues as a 3.13-4.2 broker would) the test builds a legacy state in a
 * vhost of its own: a transient queue, a queue with x-queue-master-locator, a classic queue the code
 * declares as quorum, an auto-ack consumer and a prefetch-0 manual-ack consumer (kept open during the
 * audit), and healthy queues, a healthy consumer and a healthy policy. It audits the node through the
 * management API (RABBITMQ_LEGACY_MANAGEMENT_URL) and through an export (GET /api/definitions saved
 * to a file); every problem must be found and nothing healthy flagged. The vhost (and everything in
 * it) is deleted afterwards.
 *
 * A classic mirroring policy cannot be part of the broker state: RabbitMQ 4.x rejects new ha-*
 * policies (checked below), so broker-mirroring-policy is tested from a definitions file only
 * (test/audit.test.ts).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as amqp from 'amqplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, project } from '../helpers';
import { sarifErrors } from '../sarif-schema';
import { BROKER_REQUIRED, legacyBrokerAvailable, LEGACY_URL, OP_TIMEOUT, redact, START_HINT } from './broker-env';
import { replyOf, RUN, withTimeout } from './harness';
import { api as managementApi, managementProblem } from './management';

const MANAGEMENT_URL = process.env.RABBITMQ_LEGACY_MANAGEMENT_URL || undefined;

const problem = legacyBrokerAvailable() ? managementProblem(MANAGEMENT_URL, 'RABBITMQ_LEGACY_MANAGEMENT_URL') : `no legacy broker at RABBITMQ_LEGACY_URL (${LEGACY_URL ? redact(LEGACY_URL) : 'not set'})`;
const WHEN = '(needs RABBITMQ_LEGACY_URL and RABBITMQ_LEGACY_MANAGEMENT_URL: skipped without them unless RABBITMQ4_BROKER_REQUIRED=1)';

const VHOST = `rmq4cm-audit-${RUN}`;

const APP = `import amqp from 'amqplib';

export async function setup(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.assertQueue('events', { arguments: { 'x-queue-type': 'quorum' } });
  await ch.assertQueue('orders', { deadLetterExchange: 'orders.dlx' });
  await ch.assertQueue('payments', { arguments: { 'x-queue-type': 'quorum', 'x-delivery-limit': 50 } });
  await ch.assertQueue('billing', { arguments: { 'x-queue-master-locator': 'min-masters' } });
  await ch.assertQueue('work', { durable: true });
}
`;
const HEALTHY_QUEUES = ['orders', 'payments', 'work', 'scratch.exclusive'];

interface Finding {
  ruleId: string;
  severity: string;
  object: { kind: string; name: string };
  message: string;
  step: string;
  commands: string[];
  brokerError?: string;
}

/** The management API, with the credentials of RABBITMQ_LEGACY_MANAGEMENT_URL. */
const api = (method: string, p: string, body?: unknown) => managementApi(method, p, body, MANAGEMENT_URL!);

const v = encodeURIComponent(VHOST);

describe.skipIf(!BROKER_REQUIRED && problem !== undefined)(`audit of a legacy broker state on the legacy node ${WHEN}`, () => {
  let connection: amqp.ChannelModel | undefined;
  let dir: string;

  beforeAll(async () => {
    expect(problem, `RABBITMQ4_BROKER_REQUIRED=1 but ${problem}; ${START_HINT}`).toBeUndefined();
    expect((await api('PUT', `/api/vhosts/${v}`, {})).status).toBeLessThan(300);
    const user = decodeURIComponent(new URL(MANAGEMENT_URL!).username);
    expect((await api('PUT', `/api/permissions/${v}/${encodeURIComponent(user)}`, { configure: '.*', write: '.*', read: '.*' })).status).toBeLessThan(300);

    const url = new URL(LEGACY_URL!);
    url.pathname = `/${v}`;
    connection = await withTimeout(amqp.connect(url.toString()), OP_TIMEOUT, 'connecting to the legacy node');
    const ch = await connection.createChannel();
    // The legacy state: what a 3.13-4.2 broker holds.
    await ch.assertQueue('sessions.scratch', { durable: false });
    await ch.assertQueue('billing', { arguments: { 'x-queue-master-locator': 'min-masters' } });
    await ch.assertQueue('events', { durable: true });
    // Healthy queues, declared as the code declares them, and an exclusive transient queue (allowed).
    await ch.assertQueue('orders', { deadLetterExchange: 'orders.dlx' });
    await ch.assertQueue('payments', { arguments: { 'x-queue-type': 'quorum', 'x-delivery-limit': 50 } });
    await ch.assertQueue('work', { durable: true });
    await ch.assertQueue('scratch.exclusive', { exclusive: true, durable: false });
    // Consumers, kept open during the audit: auto ack, manual ack without prefetch, and a healthy one.
    await ch.assertQueue('feed.autoack', { durable: true });
    await ch.consume('feed.autoack', () => undefined, { noAck: true });
    const unbounded = await connection.createChannel();
    await unbounded.consume('events', () => undefined, { noAck: false });
    const healthy = await connection.createChannel();
    await healthy.prefetch(10);
    await healthy.consume('work', () => undefined, { noAck: false });
    // A healthy policy.
    expect((await api('PUT', `/api/policies/${v}/orders-limits`, { pattern: '^orders$', 'apply-to': 'queues', priority: 5, definition: { 'max-length': 100000 } })).status).toBeLessThan(300);

    // The management API lists consumers from collected statistics, a few seconds late.
    const deadline = Date.now() + 20_000;
    for (;;) {
      const r = await api('GET', `/api/consumers/${v}`);
      // Each with its channel's details (the connection the findings name), which the statistics fill in later still.
      const listed = r.status === 200 ? (JSON.parse(r.text) as { channel_details?: { connection_name?: string } }[]) : [];
      if (listed.length >= 3 && listed.every((c) => c.channel_details?.connection_name)) break;
      if (Date.now() > deadline) throw new Error(`the management API did not list the 3 consumers with their channels within 20 s: ${r.status} ${r.text.slice(0, 200)}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    dir = project({ 'src/app.ts': APP });
  });

  afterAll(async () => {
    await connection?.close().catch(() => undefined);
    if (MANAGEMENT_URL && problem === undefined) await api('DELETE', `/api/vhosts/${v}`).catch(() => undefined);
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const expectHealthyUnflagged = (findings: Finding[]) => {
    for (const name of HEALTHY_QUEUES) expect(findings.filter((f) => f.object.kind === 'queue' && f.object.name === name), name).toEqual([]);
    expect(findings.filter((f) => f.object.kind === 'policy')).toEqual([]);
    expect(findings.filter((f) => f.object.name.startsWith('work/'))).toEqual([]);
  };

  it('through the management API: transient queue, master-locator queue, classic events declared as quorum, and both unsafe consumers', () => {
    const r = cli(dir, 'audit', 'src', '--management-url', MANAGEMENT_URL!, '--vhost', VHOST, '--format', 'json');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout);
    expect(report).toMatchObject({ kind: 'audit', vhost: VHOST, brokerVersion: expect.stringMatching(/^4\./), summary: { queues: 8, policies: 1, consumers: 3, declarations: 5 } });
    expect(JSON.stringify(report)).not.toContain(decodeURIComponent(new URL(MANAGEMENT_URL!).password) + '@');
    const findings = report.findings as Finding[];
    expect(findings.map((f) => `${f.ruleId} ${f.object.kind} ${f.object.name.replace(/\/.*/, '')}`).sort()).toEqual([
      'broker-queue-argument queue billing',
      'broker-redeclare-mismatch queue events',
      'broker-transient-queue queue sessions.scratch',
      'broker-unsafe-consumer consumer events',
      'broker-unsafe-consumer consumer feed.autoack',
    ]);
    expectHealthyUnflagged(findings);
    const consumer = (q: string) => findings.find((f) => f.ruleId === 'broker-unsafe-consumer' && f.object.name.startsWith(`${q}/`))!;
    expect(consumer('feed.autoack').message).toContain('uses automatic acknowledgement');
    expect(consumer('events').message).toContain('has no prefetch (prefetch_count 0 = unlimited)');
    expect(consumer('events').message).toMatch(/on connection 127\.0\.0\.1:\d+ -> 127\.0\.0\.1:\d+ channel 2/);
    const locator = findings.find((f) => f.ruleId === 'broker-queue-argument')!;
    expect(locator.commands).toEqual([`rabbitmqctl set_policy -p ${VHOST} --apply-to queues --priority 0 billing.settings '^billing$' '{"queue-leader-locator":"balanced"}'`]);

    const sarif = JSON.parse(cli(dir, 'audit', 'src', '--management-url', MANAGEMENT_URL!, '--vhost', VHOST, '--format', 'sarif').stdout);
    expect(sarifErrors(sarif)).toEqual([]);
  });

  it('the redeclaration it predicts is what the broker answers', async () => {
    const report = JSON.parse(cli(dir, 'audit', 'src', '--management-url', MANAGEMENT_URL!, '--vhost', VHOST, '--format', 'json').stdout);
    const predicted = (report.findings as Finding[]).find((f) => f.ruleId === 'broker-redeclare-mismatch')!;
    const ch = await connection!.createChannel();
    const closed = new Promise<Error>((resolve) => ch.on('error', resolve));
    await ch.assertQueue('events', { arguments: { 'x-queue-type': 'quorum' } }).catch(() => undefined);
    const reply = replyOf((await withTimeout(closed, OP_TIMEOUT, 'the redeclaration')).message);
    expect(reply?.code).toBe(406);
    expect(`406 ${reply?.text}`.startsWith(predicted.brokerError!)).toBe(true);
  });

  it('through a definitions export (GET /api/definitions saved to a file): the same queues, no consumers', async () => {
    const r = await api('GET', '/api/definitions');
    expect(r.status).toBe(200);
    fs.writeFileSync(path.join(dir, 'definitions.json'), r.text);
    const out = cli(dir, 'audit', 'src', '--definitions', 'definitions.json', '--vhost', VHOST, '--format', 'json');
    expect(out.code).toBe(1);
    const report = JSON.parse(out.stdout);
    // An export holds no exclusive queues and no consumers.
    expect(report).toMatchObject({ source: { definitions: 'definitions.json' }, summary: { queues: 7, policies: 1, consumers: null, declarations: 5 } });
    const findings = report.findings as Finding[];
    expect(findings.map((f) => `${f.ruleId} ${f.object.name}`).sort()).toEqual([
      'broker-queue-argument billing',
      'broker-redeclare-mismatch events',
      'broker-transient-queue sessions.scratch',
    ]);
    expectHealthyUnflagged(findings);
    const sarif = JSON.parse(cli(dir, 'audit', 'src', '--definitions', 'definitions.json', '--vhost', VHOST, '--format', 'sarif').stdout);
    expect(sarifErrors(sarif)).toEqual([]);
    expect(sarif.runs[0].results.every((x: { locations: { physicalLocation?: unknown }[] }) => !!x.locations[0].physicalLocation)).toBe(true);
  });

  it('4.x rejects a new classic mirroring policy, so broker-mirroring-policy is tested from a definitions file only', async () => {
    const r = await api('PUT', `/api/policies/${v}/ha-all`, { pattern: '.*', 'apply-to': 'queues', definition: { 'ha-mode': 'all' } });
    expect(r.status).toBe(400);
    expect(r.text).toContain('are not recognised policy settings');
  });
});
