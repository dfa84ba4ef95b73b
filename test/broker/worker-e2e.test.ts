/**
 * Issue 6, end to end: a small worker module with several declarations RabbitMQ 4.3 refuses (one
 * whose options live in a const object, some in an amqp-connection-manager setup function) is fixed
 * by the CLI (`fix --write`) in a temporary copy, then its topology is declared against the strict
 * broker: the original is refused, the fixed module is accepted, queue by queue.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brokerAvailable, OP_TIMEOUT, strictUrl, WHEN_STRICT } from './broker-env';
import { deleteQueues, queueExists, queueName, replyOf, ROOT, Sandbox, showReply, withTimeout } from './harness';

const P = queueName('e2e');

const WORKER = `'use strict';
// Order worker: declares its queues at start-up with amqplib; the notifier's queues are declared
// by an amqp-connection-manager setup function.
const amqp = require('amqplib');
const { connect } = require('amqp-connection-manager');

const JOBS_QUEUE = '${P}.jobs';
const RETRY_QUEUE_OPTIONS = {
  durable: false,
  messageTtl: 30000,
  deadLetterExchange: '',
  deadLetterRoutingKey: JOBS_QUEUE,
};

async function assertWorkerQueues(channel) {
  await channel.assertQueue(JOBS_QUEUE, { durable: false });
  await channel.assertQueue('${P}.retry', RETRY_QUEUE_OPTIONS);
  await channel.assertQueue('${P}.priority', {
    maxPriority: 10,
    arguments: { 'x-queue-type': 'quorum', 'x-delivery-limit': 5 },
  });
  await channel.assertQueue('${P}.placed', { arguments: { 'x-queue-master-locator': 'min-masters' } });
  const { queue: replyQueue } = await channel.assertQueue('', { durable: false });
  return replyQueue;
}

/** Declares the worker's queues; resolves to the name of its reply queue. */
async function setupTopology(url, log = console) {
  const connection = await amqp.connect(url);
  connection.on('error', (err) => log.error(\`amqp connection error: \${err.message}\`));
  try {
    const channel = await connection.createChannel();
    channel.on('error', (err) => log.error(\`amqp channel error: \${err.message}\`));
    return await assertWorkerQueues(channel);
  } finally {
    await connection.close().catch(() => undefined);
  }
}

function startNotifier(url, log = console) {
  const manager = connect([url]);
  manager.on('disconnect', ({ err }) => err && log.error(\`amqp disconnected: \${err.message}\`));
  const wrapper = manager.createChannel({
    json: true,
    setup: async (channel) => {
      await channel.assertQueue('${P}.presence', { exclusive: true, arguments: { 'x-queue-type': 'quorum' } });
      await channel.assertQueue('${P}.events', { durable: false, autoDelete: true });
      await channel.assertQueue('${P}.audit', { autoDelete: true, arguments: { 'x-queue-type': 'stream' } });
    },
  });
  wrapper.on('error', (err) => log.error(\`notifier setup failed: \${err.message}\`));
  return { manager, wrapper };
}

module.exports = { setupTopology, startNotifier, JOBS_QUEUE };
`;

/** The named queues that outlive the worker's connections once declared. */
const SHARED_QUEUES = ['jobs', 'retry', 'priority', 'placed', 'events', 'audit'].map((q) => `${P}.${q}`);

interface Worker {
  setupTopology(url: string, log: Log): Promise<string>;
  startNotifier(url: string, log: Log): { manager: { close(): Promise<void> }; wrapper: { waitForConnect(): Promise<void>; on(e: 'error', l: (err: Error) => void): unknown } };
}

interface Log {
  error(message: string): void;
  errors: string[];
}

const newLog = (): Log => {
  const errors: string[] = [];
  return { errors, error: (m) => void errors.push(m) };
};

interface Run {
  topology: { ok: true; replyQueue: string } | { ok: false; error: string };
  notifier: { ok: true } | { ok: false; error: string };
  log: string[];
}

/** Runs the worker's start-up against the broker: its topology, then its notifier. */
async function startWorker(worker: Worker, url: string): Promise<Run> {
  const log = newLog();
  let topology: Run['topology'];
  try {
    topology = { ok: true, replyQueue: await withTimeout(worker.setupTopology(url, log), OP_TIMEOUT, 'setupTopology') };
  } catch (e) {
    topology = { ok: false, error: (e as Error).message };
  }
  const { manager, wrapper } = worker.startNotifier(url, log);
  let notifier: Run['notifier'];
  try {
    await withTimeout(
      new Promise<void>((resolve, reject) => {
        wrapper.on('error', reject);
        wrapper.waitForConnect().then(resolve, reject);
      }),
      OP_TIMEOUT,
      'the notifier setup',
    );
    notifier = { ok: true };
  } catch (e) {
    notifier = { ok: false, error: (e as Error).message };
  } finally {
    await withTimeout(manager.close(), 3000, 'closing the notifier').catch(() => undefined);
  }
  return { topology, notifier, log: log.errors };
}

describe.skipIf(!brokerAvailable())(`a worker module fixed by the CLI, against the strict RabbitMQ 4.3 broker ${WHEN_STRICT}`, () => {
  let sandbox: Sandbox;
  let cli: ReturnType<typeof spawnSync>;
  let fixedText: string;
  let original: Run;
  let fixed: Run;
  const existing = new Map<string, boolean>();

  beforeAll(async () => {
    sandbox = new Sandbox('rmq4-e2e-');
    // The original, as it runs today.
    original = await startWorker(sandbox.load<Worker>(WORKER, 'worker-original'), strictUrl());
    await deleteQueues(strictUrl(), SHARED_QUEUES);

    // A copy of the project, fixed in place by the CLI.
    const project = path.join(sandbox.dir, 'project');
    fs.mkdirSync(path.join(project, 'src'), { recursive: true });
    fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(project, 'node_modules'), 'dir');
    const file = path.join(project, 'src', 'worker.js');
    fs.writeFileSync(file, WORKER);
    cli = spawnSync(process.execPath, [path.join(ROOT, 'bin', 'rabbitmq4-codemod'), 'fix', '--write', '--allow-dirty', project], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
      timeout: 60_000,
    });
    fixedText = fs.readFileSync(file, 'utf8');
    fixed = await startWorker(sandbox.load<Worker>(fixedText, 'worker-fixed'), strictUrl());
    for (const q of SHARED_QUEUES) existing.set(q, await queueExists(strictUrl(), q));
  }, 120_000);

  afterAll(async () => {
    await deleteQueues(strictUrl(), SHARED_QUEUES);
    sandbox?.remove();
  }, 60_000);

  it('the original worker is refused: its topology with 541 (transient queue), its notifier setup with 406', () => {
    expect(original.topology.ok).toBe(false);
    expect(showReply(original.log.map(replyOf).find((r) => r && r.code === 541))).toMatch(/^541 INTERNAL_ERROR - Feature `transient_nonexcl_queues` is deprecated\./);
    expect(original.notifier.ok).toBe(false);
    expect(original.notifier.ok ? '' : original.notifier.error).toContain(`invalid property 'exclusive-owner' for queue '${P}.presence'`);
  });

  it('the CLI rewrites every refused declaration in place, with no annotation left', () => {
    expect(cli.error).toBeUndefined();
    expect({ code: cli.status, stderr: cli.stderr }).toEqual({ code: 0, stderr: '' });
    expect(fixedText).not.toContain('rabbitmq4-codemod(');
    // The options in the const object are fixed where they are written.
    expect(fixedText).toContain(`const RETRY_QUEUE_OPTIONS = {\n  durable: true,\n  messageTtl: 30000,`);
    expect(fixedText).toContain(`await channel.assertQueue(JOBS_QUEUE, { durable: true });`);
    expect(fixedText).toContain(`'x-queue-leader-locator': 'balanced'`);
    expect(fixedText).not.toMatch(/maxPriority|x-queue-master-locator/);
    expect(fixedText).toContain(`await channel.assertQueue('', { durable: false, exclusive: true });`);
    expect(fixedText).toContain(`await channel.assertQueue('${P}.presence', { exclusive: true });`);
    // Only the refused declarations' lines changed (exact text edits, no reprinting).
    const kept = new Set(fixedText.split('\n'));
    expect(WORKER.split('\n').filter((line) => !kept.has(line)).map((line) => line.trim().replaceAll(P, 'P'))).toEqual([
      'durable: false,',
      'await channel.assertQueue(JOBS_QUEUE, { durable: false });',
      'maxPriority: 10,',
      "await channel.assertQueue('P.placed', { arguments: { 'x-queue-master-locator': 'min-masters' } });",
      "const { queue: replyQueue } = await channel.assertQueue('', { durable: false });",
      "await channel.assertQueue('P.presence', { exclusive: true, arguments: { 'x-queue-type': 'quorum' } });",
      "await channel.assertQueue('P.events', { durable: false, autoDelete: true });",
      "await channel.assertQueue('P.audit', { autoDelete: true, arguments: { 'x-queue-type': 'stream' } });",
    ]);
    expect(fixedText.split('\n').length).toBe(WORKER.split('\n').length - 1);
  });

  it('a second run of the CLI finds nothing left to fix', () => {
    const again = spawnSync(process.execPath, [path.join(ROOT, 'bin', 'rabbitmq4-codemod'), 'fix', '--check', path.join(sandbox.dir, 'project')], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect({ code: again.status, stderr: again.stderr }).toEqual({ code: 0, stderr: '' });
  });

  it('the fixed worker declares its whole topology: every declaration is accepted', () => {
    expect(fixed.log).toEqual([]);
    expect(fixed.topology).toMatchObject({ ok: true, replyQueue: expect.stringMatching(/^amq\.gen-/) });
    expect(fixed.notifier).toEqual({ ok: true });
    expect(Object.fromEntries(existing)).toEqual(Object.fromEntries(SHARED_QUEUES.map((q) => [q, true])));
  });
});
