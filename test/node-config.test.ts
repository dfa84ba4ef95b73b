/** Values read from node-config (`require('config')`): the project's config/default.* and custom-environment-variables.*, as node-config reads them. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readYamlSubset, type YamlNode } from '../src/index/yaml-subset';
import { cli, project } from './helpers';

/** A tree as plain data: maps as objects, scalars as values, unknown parts as `?why`. */
function plain(n: YamlNode): unknown {
  if (n.kind === 'scalar') return n.value;
  if (n.kind === 'unknown') return `?${n.why}`;
  return Object.fromEntries([...n.entries].map(([k, v]) => [k, plain(v)]));
}

describe('the YAML subset reader', () => {
  it('reads nested maps of scalars: quoted and plain strings, decimal numbers, booleans, null, comments', () => {
    const text = "---\n# top\nrabbitmq:\n    host: rabbit.local   # the broker\n    prefetchCount: \"20\"\n    limit: 5\n    ratio: 0.5\n    on: true\n    vhost: '/'\n    none: ~\n    empty:\n\n    nested:\n      deep: 'it''s'\nother: x\n";
    expect(plain(readYamlSubset(text))).toEqual({ rabbitmq: { host: 'rabbit.local', prefetchCount: '20', limit: 5, ratio: 0.5, on: true, vhost: '/', none: null, empty: null, nested: { deep: "it's" } }, other: 'x' });
  });

  it('is unknown for what it does not read, only there: lists, flow collections, anchors, block and multi-line scalars, ambiguous words', () => {
    const text = "a:\n  list:\n    - x\n  same:\n  - y\n  flow: {}\n  anchor: &a 1\n  alias: *a\n  block: |\n    text\n  folded: >\n    text\n  plain: one\n    two\n  yes: yes\n  octal: 0755\n  hex: 0x10\n  time: 1:20\n  escaped: \"a\\nb\"\n  ok: 3\n";
    const a = plain(readYamlSubset(text)) as Record<string, Record<string, unknown>>;
    expect(a.a.ok).toBe(3);
    for (const k of ['list', 'same', 'flow', 'anchor', 'alias', 'block', 'folded', 'plain', 'yes', 'octal', 'hex', 'time', 'escaped']) expect(String(a.a[k]), k).toMatch(/^\?/);
  });

  it('is unknown as a whole for several documents, tabs, a merge key or a repeated key', () => {
    expect(readYamlSubset('a: 1\n---\na: 2\n').kind).toBe('unknown');
    expect(readYamlSubset('a:\n\tb: 1\n').kind).toBe('unknown');
    expect(plain(readYamlSubset('a:\n  <<: *base\n  b: 1\n'))).toEqual({ a: expect.stringMatching(/^\?/) });
    expect(plain(readYamlSubset('a: 1\na: 2\n'))).toMatch(/^\?repeats/);
  });
});

const PACKAGE = '{ "name": "queue-worker", "dependencies": { "amqp-connection-manager": "4.1.14", "amqplib": "0.10.7", "config": "^3.3.9" } }\n';
// The screwdriver-cd/buildcluster-queue-worker shape: config.get('rabbitmq') destructured, Number(prefetchCount).
const CONFIG_JS = "'use strict';\n\nconst config = require('config');\n\nconst rabbitmqConfig = config.get('rabbitmq');\nconst { queue, prefetchCount } = rabbitmqConfig;\n\nfunction getConfig() {\n    return { queue, prefetchCount: Number(prefetchCount) };\n}\n\nmodule.exports = { getConfig };\n";
const RECEIVER_JS = "'use strict';\n\nconst amqp = require('amqp-connection-manager');\nconst { getConfig } = require('./lib/config');\n\nconst { queue, prefetchCount } = getConfig();\n\nfunction onMessage(channel, data) {\n    if (data) channel.ack(data);\n}\n\nconst connection = amqp.connect(['amqp://localhost']);\nconnection.createChannel({\n    setup: (channel) => Promise.all([channel.checkQueue(queue), channel.prefetch(prefetchCount), channel.consume(queue, (data) => onMessage(channel, data))])\n});\n";
const DEFAULT_YAML = (prefetch: string) => `---\n# Defaults\nexecutor:\n    plugin: k8s\n    exclusion:\n      - 'rhel6'\n    podLabels: {}\nrabbitmq:\n    # the queue to read builds from\n    queue: builds\n${prefetch}    retryQueueEnabled: true\n`;
const ENV_YAML = '# All values are the environment variables that override default.yaml\n---\nexecutor:\n    plugin: EXECUTOR_PLUGIN\n    exclusion:\n      __name: K8S_EXECUTOR_EXCLUSION\n      __format: json\nrabbitmq:\n    queue: RABBITMQ_QUEUE\n    prefetchCount: RABBITMQ_PREFETCH_COUNT\n';

type Row = Record<string, any>;
function scan(dir: string, ...args: string[]): { consumers: Row[]; findings: Row[]; summary: Row } {
  const r = cli(dir, 'scan', '.', '--format', 'json', '--fail-on', 'never', ...args);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout);
}
const prefetchFindings = (r: { findings: Row[] }) => r.findings.filter((f) => f.ruleId === 'unbounded-prefetch');

describe('a prefetch read from node-config', () => {
  it('default "20" that an environment variable may replace: bounded, no finding; the row shows the range', () => {
    const dir = project({ 'package.json': PACKAGE, 'lib/config.js': CONFIG_JS, 'receiver.js': RECEIVER_JS, 'config/default.yaml': DEFAULT_YAML('    prefetchCount: "20"\n'), 'config/custom-environment-variables.yaml': ENV_YAML });
    const r = scan(dir);
    expect(prefetchFindings(r)).toEqual([]);
    expect(r.consumers).toHaveLength(1);
    expect(r.consumers[0]).toMatchObject({ file: 'receiver.js', prefetch: null, prefetchRange: '20 unless RABBITMQ_PREFETCH_COUNT is set', verdict: 'safe' });
    const text = cli(dir, 'scan', '.', '--fail-on', 'never').stdout;
    expect(text).toMatch(/receiver\.js:14 .*manual\s+20 unless RABBITMQ_PREFETCH_COUNT is set\s+safe/);
  });

  it('default 0 that an environment variable may replace: unknown (info), the reason names both files', () => {
    const dir = project({ 'package.json': PACKAGE, 'lib/config.js': CONFIG_JS, 'receiver.js': RECEIVER_JS, 'config/default.yaml': DEFAULT_YAML('    prefetchCount: 0\n'), 'config/custom-environment-variables.yaml': ENV_YAML });
    const r = scan(dir);
    expect(prefetchFindings(r).map((f) => f.severity)).toEqual(['info']);
    expect(prefetchFindings(r)[0].message).toContain('`rabbitmq.prefetchCount` is 0 (config/default.yaml line 11) unless it is set through environment variable RABBITMQ_PREFETCH_COUNT (config/custom-environment-variables.yaml line 10)');
    expect(r.consumers[0]).toMatchObject({ verdict: 'unknown' });
    expect(r.consumers[0].prefetchRange).toBeUndefined();
  });

  it('no default and no environment variable: prefetch(NaN) is not bounded (info); a default of 0 and none: a warning', () => {
    const none = project({ 'package.json': PACKAGE, 'lib/config.js': CONFIG_JS, 'receiver.js': RECEIVER_JS, 'config/default.yaml': DEFAULT_YAML(''), 'config/custom-environment-variables.yaml': ENV_YAML.replace('    prefetchCount: RABBITMQ_PREFETCH_COUNT\n', '') });
    expect(prefetchFindings(scan(none)).map((f) => f.severity)).toEqual(['info']);
    const zero = project({ 'package.json': PACKAGE, 'lib/config.js': CONFIG_JS, 'receiver.js': RECEIVER_JS, 'config/default.yaml': DEFAULT_YAML('    prefetchCount: 0\n') });
    const r = scan(zero);
    expect(prefetchFindings(r).map((f) => f.severity)).toEqual(['warning']);
    expect(r.consumers[0]).toMatchObject({ prefetch: 0, verdict: 'unsafe' });
  });

  it('a variable that sets the whole map the key is in (`rabbitmq: { __name, __format: json }`) decides it too', () => {
    const env = 'rabbitmq:\n  __name: RABBITMQ_JSON\n  __format: json\n';
    const dir = project({ 'package.json': PACKAGE, 'lib/config.js': CONFIG_JS, 'receiver.js': RECEIVER_JS, 'config/default.yaml': DEFAULT_YAML('    prefetchCount: 0\n'), 'config/custom-environment-variables.yaml': env });
    const [f] = prefetchFindings(scan(dir));
    expect(f.severity).toBe('info');
    expect(f.message).toContain('is 0 (config/default.yaml line 11) unless it is set through environment variable RABBITMQ_JSON (config/custom-environment-variables.yaml line 1)');
  });

  it('a deployment file that sets the key (config/production.yaml): what NODE_ENV loads decides, named in the reason', () => {
    const dir = project({ 'package.json': PACKAGE, 'lib/config.js': CONFIG_JS, 'receiver.js': RECEIVER_JS, 'config/default.yaml': DEFAULT_YAML('    prefetchCount: 20\n'), 'config/production.yaml': 'rabbitmq:\n  prefetchCount: 0\n' });
    const [f] = prefetchFindings(scan(dir));
    expect(f.severity).toBe('info');
    expect(f.message).toContain('unless it is set through config/production.yaml (0, line 2)');
  });

  it('import config from "config" and plain property reads; config.get() of a key only the environment sets throws unless it is set', () => {
    const ts = "import config from 'config';\nimport amqp from 'amqplib';\n\nexport async function start() {\n  const ch = await (await amqp.connect('amqp://x')).createChannel();\n  await ch.prefetch(config.rabbitmq.prefetch);\n  await ch.consume('a', (m) => { if (m) ch.ack(m); });\n  const other = await (await amqp.connect('amqp://x')).createChannel();\n  await other.prefetch(Number(config.get('rabbitmq.workers')));\n  await other.consume('b', (m) => { if (m) other.ack(m); });\n}\n";
    const dir = project({ 'package.json': PACKAGE, 'src/start.ts': ts, 'config/default.json': '{ "rabbitmq": { "prefetch": 0 } }\n', 'config/custom-environment-variables.json': '{ "rabbitmq": { "workers": { "__name": "WORKERS", "__format": "number" } } }\n' });
    const r = scan(dir);
    expect(prefetchFindings(r).map((f) => [f.line, f.severity])).toEqual([[7, 'warning']]);
    expect(r.consumers.find((c) => c.line === 10)).toMatchObject({ verdict: 'safe' });
  });

  it('a package that does not depend on config, or has no config folder: as before (unknown)', () => {
    const dir = project({ 'package.json': PACKAGE.replace(', "config": "^3.3.9"', ''), 'lib/config.js': CONFIG_JS, 'receiver.js': RECEIVER_JS, 'config/default.yaml': DEFAULT_YAML('    prefetchCount: 0\n') });
    expect(prefetchFindings(scan(dir)).map((f) => f.severity)).toEqual(['info']);
    const nofolder = project({ 'package.json': PACKAGE, 'lib/config.js': CONFIG_JS, 'receiver.js': RECEIVER_JS });
    expect(prefetchFindings(scan(nofolder)).map((f) => f.message)).toEqual([expect.stringContaining('is the result of')]);
  });

  it('--cache: a change to config/default.yaml is seen (the files node-config reads are recorded as read)', () => {
    const dir = project({ 'package.json': PACKAGE, 'lib/config.js': CONFIG_JS, 'receiver.js': RECEIVER_JS, 'config/default.yaml': DEFAULT_YAML('    prefetchCount: 20\n') });
    expect(prefetchFindings(scan(dir, '--cache'))).toEqual([]);
    expect(scan(dir, '--cache').summary.cache.analysed).toBe(0);
    fs.writeFileSync(path.join(dir, 'config/default.yaml'), DEFAULT_YAML('    prefetchCount: 0\n'));
    const after = scan(dir, '--cache');
    expect(after.summary.cache.analysed).toBeGreaterThan(0);
    expect(prefetchFindings(after).map((f) => f.severity)).toEqual(['warning']);
    // A new deployment file in the folder is seen too (the folder's listing is recorded).
    fs.writeFileSync(path.join(dir, 'config/default.yaml'), DEFAULT_YAML('    prefetchCount: 20\n'));
    expect(prefetchFindings(scan(dir, '--cache'))).toEqual([]);
    fs.writeFileSync(path.join(dir, 'config/production.yaml'), 'rabbitmq:\n  prefetchCount: 0\n');
    expect(prefetchFindings(scan(dir, '--cache')).map((f) => f.severity)).toEqual(['info']);
  });
});
