/** Issue 10: rabbitmq4-codemod.config.json / package.json "rabbitmq4-codemod", flags over config. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, project, read } from './helpers';

const WORKER = `import amqp from 'amqplib';

export async function start(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.assertQueue('jobs', { durable: false });
  await ch.consume('jobs', (m) => console.log(m), { noAck: true });
}
`;

const CONFIG = 'rabbitmq4-codemod.config.json';
const json = (v: unknown) => `${JSON.stringify(v, null, 2)}\n`;
const findings = (dir: string, ...args: string[]) =>
  JSON.parse(cli(dir, 'scan', '--format', 'json', ...args).stdout).findings.map((f: { ruleId: string; severity: string; file: string }) => `${f.file} ${f.ruleId} ${f.severity}`);

describe('config file', () => {
  it('sets the target, rule severities, rules turned off, excludes and failOn', () => {
    const dir = project({ 'src/a.ts': WORKER, 'generated/b.ts': WORKER });
    expect(findings(dir)).toEqual([
      'generated/b.ts transient-nonexclusive-queue error',
      'generated/b.ts auto-ack-consumer warning',
      'src/a.ts transient-nonexclusive-queue error',
      'src/a.ts auto-ack-consumer warning',
    ]);
    fs.writeFileSync(
      path.join(dir, CONFIG),
      json({ target: '4.2', rules: { 'auto-ack-consumer': 'off', 'transient-nonexclusive-queue': 'info' }, exclude: ['generated/**'], failOn: 'info' }),
    );
    expect(findings(dir)).toEqual(['src/a.ts transient-nonexclusive-queue info']);
    const r = cli(dir, 'scan', '--format', 'json');
    expect(JSON.parse(r.stdout)).toMatchObject({ target: '4.2', summary: { findings: { error: 0, warning: 0, info: 1 } } });
    expect(r.code).toBe(1); // failOn: info
    // The overridden severity shows in every format.
    expect(cli(dir, 'scan').stdout).toContain("src/a.ts:5:43  info  queue 'jobs' is transient");
    expect(JSON.parse(cli(dir, 'scan', '--format', 'sarif').stdout).runs[0].results[0].level).toBe('note');
  });

  it('lets the flags win', () => {
    const dir = project({ 'src/a.ts': WORKER, 'generated/b.ts': WORKER, [CONFIG]: json({ target: '4.2', failOn: 'warning', rules: { 'auto-ack-consumer': 'off' }, exclude: ['generated/**'] }) });
    const warned = JSON.parse(cli(dir, 'scan', '--format', 'json').stdout);
    expect(warned.target).toBe('4.2');
    expect(warned.findings.map((f: { severity: string }) => f.severity)).toEqual(['warning']);
    expect(cli(dir, 'scan').code).toBe(1); // failOn: warning
    expect(cli(dir, 'scan', '--fail-on', 'never').code).toBe(0);
    expect(cli(dir, 'scan', '--fail-on', 'error').code).toBe(0);
    expect(findings(dir, '--target', '4.3')).toEqual(['src/a.ts transient-nonexclusive-queue error']);
    // A rule named in --rules runs even though the config turns it off.
    expect(findings(dir, '--rules', 'auto-ack-consumer')).toEqual(['src/a.ts auto-ack-consumer warning']);
    // --exclude adds to the config's excludes.
    expect(findings(dir, '--exclude', 'src/**')).toEqual([]);
  });

  it('defaultQueueType: one type, or one per vhost the code names ("*" for the others); --default-queue-type gives every vhost one', () => {
    const services = `import amqp from 'amqplib';

export async function start() {
  const orders = await (await amqp.connect('amqp://broker/orders')).createChannel();
  await orders.assertQueue('orders.jobs', { maxPriority: 5 });
  const legacy = await (await amqp.connect('amqp://broker/legacy')).createChannel();
  await legacy.assertQueue('legacy.jobs', { maxPriority: 5 });
}
`;
    const refused = (dir: string, ...args: string[]) =>
      (JSON.parse(cli(dir, 'scan', '--format', 'json', ...args).stdout).findings as { ruleId: string; queue: string; brokerError?: string }[]).filter((f) => f.ruleId === 'queue-argument-not-supported').map((f) => f.brokerError);
    const dir = project({ 'src/a.ts': services });
    expect(refused(dir)).toEqual([]);
    fs.writeFileSync(path.join(dir, CONFIG), json({ defaultQueueType: { orders: 'quorum', '*': 'classic' } }));
    expect(refused(dir)).toEqual(["406 PRECONDITION_FAILED - invalid arg 'x-max-priority' for queue 'orders.jobs' in vhost 'orders' of queue type rabbit_quorum_queue"]);
    expect(refused(dir, '--default-queue-type', 'classic')).toEqual([]);
    expect(refused(dir, '--default-queue-type', 'quorum')).toHaveLength(2);
    fs.writeFileSync(path.join(dir, CONFIG), json({ defaultQueueType: 'quorum' }));
    expect(refused(dir)).toHaveLength(2);
    // fix follows it too: the rewrite removes the argument quorum queues refuse.
    expect(cli(dir, 'fix').stdout).toContain("-  await orders.assertQueue('orders.jobs', { maxPriority: 5 });");
  });

  it('is read from package.json\'s "rabbitmq4-codemod" key, and from a parent directory up to the git root', () => {
    const dir = project({ 'pkg/src/a.ts': WORKER, 'pkg/package.json': json({ name: 'x', 'rabbitmq4-codemod': { rules: { 'transient-nonexclusive-queue': 'warning' } } }) }, { git: true });
    expect(findings(path.join(dir, 'pkg'))).toEqual(['src/a.ts transient-nonexclusive-queue warning', 'src/a.ts auto-ack-consumer warning']);
    expect(findings(path.join(dir, 'pkg', 'src'))).toEqual(['a.ts transient-nonexclusive-queue warning', 'a.ts auto-ack-consumer warning']);
    // The config file wins over package.json in the same directory.
    fs.writeFileSync(path.join(dir, 'pkg', CONFIG), json({ rules: { 'transient-nonexclusive-queue': 'info' } }));
    expect(findings(path.join(dir, 'pkg', 'src'))[0]).toBe('a.ts transient-nonexclusive-queue info');
  });

  it('is not looked for above the git root', () => {
    const outer = project({ [CONFIG]: json({ rules: { 'transient-nonexclusive-queue': 'off' } }), 'repo/a.ts': WORKER });
    fs.mkdirSync(path.join(outer, 'repo', '.git'));
    expect(findings(path.join(outer, 'repo'))).toContain('a.ts transient-nonexclusive-queue error');
  });

  it('applies to fix: a rule turned off is neither rewritten nor annotated', () => {
    const dir = project({ 'a.ts': WORKER, [CONFIG]: json({ rules: { 'transient-nonexclusive-queue': 'off' } }) }, { git: true });
    const r = cli(dir, 'fix');
    expect(r.stdout).not.toContain('durable: true');
    expect(r.stdout).toContain('auto-ack-consumer: 1 annotated');
    expect(read(dir, 'a.ts')).toBe(WORKER);
  });
});

describe('a bad config is a usage error: one line naming the file, exit 2', () => {
  it.each([
    ['{ "target": "4.3", }', /^rabbitmq4-codemod: rabbitmq4-codemod\.config\.json: invalid JSON: /],
    ['[1]', /^rabbitmq4-codemod: rabbitmq4-codemod\.config\.json: must be a JSON object \(got an array\)$/],
    [json({ target: '5.0' }), /^rabbitmq4-codemod: rabbitmq4-codemod\.config\.json: "target" must be one of 4\.0, 4\.1, 4\.2, 4\.3 \(got "5\.0"\)$/],
    [json({ rules: { 'no-such-rule': 'off' } }), /^rabbitmq4-codemod: rabbitmq4-codemod\.config\.json: unknown rule "no-such-rule" in "rules"/],
    [json({ rules: { 'global-qos': 'fatal' } }), /^rabbitmq4-codemod: rabbitmq4-codemod\.config\.json: "rules"\."global-qos" must be one of off, error, warning, info \(got "fatal"\)$/],
    [json({ exclude: 'generated/**' }), /^rabbitmq4-codemod: rabbitmq4-codemod\.config\.json: "exclude" must be an array of non-empty glob strings/],
    [json({ failOn: 'sometimes' }), /^rabbitmq4-codemod: rabbitmq4-codemod\.config\.json: "failOn" must be one of error, warning, info, never/],
    [json({ fail_on: 'error' }), /^rabbitmq4-codemod: rabbitmq4-codemod\.config\.json: unknown key "fail_on" \(expected target, rules, exclude, includeMinified, failOn, defaultQueueType\)$/],
    [json({ defaultQueueType: 'lazy' }), /^rabbitmq4-codemod: rabbitmq4-codemod\.config\.json: "defaultQueueType" must be one of classic, quorum, stream, or an object of vhost name to queue type \(got "lazy"\)$/],
    [json({ defaultQueueType: { orders: 'quorum', '*': 'mirrored' } }), /^rabbitmq4-codemod: rabbitmq4-codemod\.config\.json: "defaultQueueType"\."\*" must be one of classic, quorum, stream \(got "mirrored"\)$/],
  ])('%s', (text, message) => {
    const dir = project({ 'a.ts': WORKER, [CONFIG]: text });
    for (const command of ['scan', 'fix']) {
      const r = cli(dir, command);
      expect(r.code).toBe(2);
      expect(r.stderr.trim()).toMatch(message);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stdout).toBe('');
    }
  });

  it('in package.json', () => {
    const dir = project({ 'a.ts': WORKER, 'package.json': json({ name: 'x', 'rabbitmq4-codemod': { rules: { 'auto-ack': 'off' } } }) });
    const r = cli(dir, 'scan');
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('rabbitmq4-codemod: package.json: "rabbitmq4-codemod" unknown rule "auto-ack" in "rules" (see rabbitmq4-codemod rules)\n');
  });

  it('names a config found in a parent directory by its relative path', () => {
    const dir = project({ 'sub/a.ts': WORKER, [CONFIG]: '{' }, { git: true });
    const r = cli(path.join(dir, 'sub'), 'scan');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^rabbitmq4-codemod: \.\.\/rabbitmq4-codemod\.config\.json: invalid JSON: [^\n]*\n$/);
  });
});
