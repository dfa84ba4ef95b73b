/**
 * Issue 6, end to end, as a new user would try it: a TypeScript worker project (worker-project.ts)
 * whose topology RabbitMQ 4.3 refuses, with options in a constants module and declarations that go
 * through a helper in another module, is built and run against the strict broker (refused), fixed
 * in place by the built CLI (`fix --write` on the directory), built again (it must still type-check)
 * and run again: every declaration is accepted, and an order published to it is consumed and turned
 * into a payment the worker publishes. The same worker in plain JavaScript (CommonJS, an untyped
 * helper module, a required options module) is run as written, before and after the same fix.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import type { ConfirmChannel } from 'amqplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brokerAvailable, OP_TIMEOUT, strictUrl, WHEN_STRICT } from './broker-env';
import { deleteQueues, queueExists, queueName, replyOf, ROOT, Sandbox, showReply, withTimeout } from './harness';
import { build, transpile, workerProject, workerProjectJs, writeProject } from './worker-project';

const P = queueName('e2e');
const FILES = workerProject(P);
const CLI = path.join(ROOT, 'bin', 'rabbitmq4-codemod');

/** The named queues that outlive the worker's connections once declared. */
const SHARED_QUEUES = ['orders', 'retry', 'payments', 'audit', 'events', 'notifications'].map((q) => `${P}.${q}`);

interface Closable {
  close(): Promise<void>;
}
interface Payment {
  orderId: number;
  amount: number;
}
interface WorkerModule {
  startWorker(url: string, log: Log, onPayment: (p: Payment) => void): Promise<{ connection: Closable; channel: ConfirmChannel; replyQueue: string }>;
  publishOrder(channel: ConfirmChannel, order: { id: number; amount: number }): Promise<void>;
}
interface NotifierModule {
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
  worker: { ok: true; replyQueue: string; payment: Payment } | { ok: false; error: string };
  notifier: { ok: true } | { ok: false; error: string };
  log: string[];
}

/** Runs the worker module in `dir` with one order: the payment it publishes, or why it failed. */
async function runWorker(dir: string, url: string, log: Log): Promise<Run['worker']> {
  const { startWorker, publishOrder } = createRequire(path.join(dir, 'index.js'))('./worker.js') as WorkerModule;
  let worker: Run['worker'];
  let connection: Closable | undefined;
  try {
    let paid!: (p: Payment) => void;
    const payment = new Promise<Payment>((resolve) => (paid = resolve));
    const started = await withTimeout(startWorker(url, log, paid), OP_TIMEOUT, 'startWorker');
    connection = started.connection;
    await withTimeout(publishOrder(started.channel, { id: 42, amount: 990 }), OP_TIMEOUT, 'publishOrder');
    worker = { ok: true, replyQueue: started.replyQueue, payment: await withTimeout(payment, OP_TIMEOUT, 'the payment for order 42') };
  } catch (e) {
    worker = { ok: false, error: (e as Error).message };
  } finally {
    await withTimeout(Promise.resolve(connection?.close()), 3000, 'closing the worker').catch(() => undefined);
  }
  return worker;
}

/** Loads the built project from `dist` and runs it: the worker (with one order), then the notifier. */
async function run(dist: string, url: string): Promise<Run> {
  const { startNotifier } = createRequire(path.join(dist, 'index.js'))('./notifier.js') as NotifierModule;
  const log = newLog();
  const worker = await runWorker(dist, url, log);
  const { manager, wrapper } = startNotifier(url, log);
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
  return { worker, notifier, log: log.errors };
}

/** The lines of `rel` that the fix changed (trimmed, the run's queue prefix shown as P). */
function changedLines(original: Record<string, string>, fixed: Record<string, string>, rel: string, prefix: string): string[] {
  const kept = new Set(fixed[rel].split('\n'));
  return original[rel].split('\n').filter((line) => !kept.has(line)).map((line) => line.trim().replaceAll(prefix, 'P'));
}

/**
 * The worker's fix, in TypeScript or plain JavaScript: options in the constants module are fixed
 * there, the helper is untouched, its callers' inline options are fixed.
 */
function expectWorkerFixed(original: Record<string, string>, fixed: Record<string, string>, prefix: string, ext: 'ts' | 'js'): void {
  expect(fixed[`src/lib/amqp.${ext}`]).toBe(original[`src/lib/amqp.${ext}`]);
  const exported = ext === 'ts' ? 'export ' : '';
  expect(changedLines(original, fixed, `src/config/queues.${ext}`, prefix)).toEqual(['durable: false,', 'maxPriority: 10,', `${exported}const EVENTS_STREAM_OPTIONS = { autoDelete: true, arguments: { 'x-queue-type': 'stream', 'x-max-age': '7D' } };`]);
  expect(fixed[`src/config/queues.${ext}`]).toContain('  durable: true,\n  messageTtl: 30000,');
  expect(changedLines(original, fixed, `src/worker.${ext}`, prefix)).toEqual([
    'await declareQueue(channel, ORDERS_QUEUE, { durable: false });',
    "await declareQueue(channel, 'P.audit', { arguments: { 'x-queue-master-locator': 'min-masters' } });",
    "return declareQueue(channel, '', { durable: false });",
  ]);
  expect(fixed[`src/worker.${ext}`]).toContain("return declareQueue(channel, '', { durable: false, exclusive: true });");
  expect(fixed[`src/worker.${ext}`]).toContain("'x-queue-leader-locator'");
}

const cli = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, timeout: 60_000 });

describe.skipIf(!brokerAvailable())(`a worker project fixed by the CLI, against the strict RabbitMQ 4.3 broker ${WHEN_STRICT}`, () => {
  let sandbox: Sandbox;
  let project: string;
  let fixedBuild: string[];
  let fix: ReturnType<typeof spawnSync>;
  let scanBefore: { findings: { ruleId: string; severity: string; file: string; brokerError?: string }[] };
  let fixedFiles: Record<string, string>;
  let original: Run;
  let fixed: Run;
  const existing = new Map<string, boolean>();

  beforeAll(async () => {
    sandbox = new Sandbox('rmq4-e2e-');
    project = path.join(sandbox.dir, 'project');
    writeProject(project, FILES);
    fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(project, 'node_modules'), 'dir');

    // The project as it runs today.
    transpile(project, path.join(project, 'dist-original'));
    original = await run(path.join(project, 'dist-original'), strictUrl());
    await deleteQueues(strictUrl(), SHARED_QUEUES);

    // What the CLI finds, then the fix in place, then the user's build and run.
    scanBefore = JSON.parse(cli('scan', '--format', 'json', '--fail-on', 'never', path.join(project, 'src')).stdout);
    fix = cli('fix', '--write', '--allow-dirty', path.join(project, 'src'));
    fixedFiles = Object.fromEntries(Object.keys(FILES).map((rel) => [rel, fs.readFileSync(path.join(project, rel), 'utf8')]));
    fixedBuild = build(project, path.join(project, 'dist'));
    fixed = await run(path.join(project, 'dist'), strictUrl());
    for (const q of SHARED_QUEUES) existing.set(q, await queueExists(strictUrl(), q));
  });

  afterAll(async () => {
    await deleteQueues(strictUrl(), SHARED_QUEUES);
    sandbox?.remove();
  });

  it('the original worker is refused: its first declaration with 541 (transient queue), its notifier setup with 406', () => {
    expect(original.worker.ok).toBe(false);
    expect(showReply(original.log.map(replyOf).find((r) => r && r.code === 541))).toMatch(/^541 INTERNAL_ERROR - Feature `transient_nonexcl_queues` is deprecated\./);
    expect(original.notifier.ok).toBe(false);
    expect(original.notifier.ok ? '' : original.notifier.error).toContain(`invalid property 'exclusive-owner' for queue '${P}.presence'`);
  });

  it('scan finds every refused declaration, including those through the helper and the imported options', () => {
    const errors = scanBefore.findings.filter((f) => f.severity === 'error').map((f) => `${path.relative(project, path.resolve(ROOT, f.file))} ${f.ruleId}`);
    expect(errors.sort()).toEqual(
      [
        'src/worker.ts transient-nonexclusive-queue', // declareQueue(channel, ORDERS_QUEUE, { durable: false })
        'src/worker.ts transient-nonexclusive-queue', // declareQueue(channel, '.retry', RETRY_QUEUE_OPTIONS)
        'src/worker.ts queue-argument-not-supported', // PAYMENTS_QUEUE_OPTIONS.maxPriority on a quorum queue
        'src/worker.ts deprecated-queue-argument', // declareQueue(..., { 'x-queue-master-locator' })
        'src/worker.ts stream-queue-invalid-property', // EVENTS_STREAM_OPTIONS.autoDelete
        'src/worker.ts transient-nonexclusive-queue', // declareQueue(channel, '', { durable: false })
        'src/notifier.ts quorum-queue-invalid-property',
        'src/notifier.ts transient-nonexclusive-queue',
      ].sort(),
    );
  });

  it('the CLI rewrites every refused declaration where its options are written, with no annotation left', () => {
    expect(fix.error).toBeUndefined();
    expect({ code: fix.status, stderr: fix.stderr }).toEqual({ code: 0, stderr: '' });
    for (const text of Object.values(fixedFiles)) expect(text).not.toContain('rabbitmq4-codemod(');
    expectWorkerFixed(FILES, fixedFiles, P, 'ts');
    expect(changedLines(FILES, fixedFiles, 'src/notifier.ts', P)).toHaveLength(2);
  });

  it('the fixed project still type-checks and compiles (strict)', () => {
    expect(fixedBuild).toEqual([]);
  });

  it('a second run of the CLI finds nothing left to fix', () => {
    const again = cli('fix', '--check', path.join(project, 'src'));
    expect({ code: again.status, stderr: again.stderr }).toEqual({ code: 0, stderr: '' });
  });

  it('the fixed worker declares its whole topology, consumes an order and publishes its payment', () => {
    expect(fixed.log).toEqual([]);
    expect(fixed.worker).toEqual({ ok: true, replyQueue: expect.stringMatching(/^amq\.gen-/), payment: { orderId: 42, amount: 990 } });
    expect(fixed.notifier).toEqual({ ok: true });
    expect(Object.fromEntries(existing)).toEqual(Object.fromEntries(SHARED_QUEUES.map((q) => [q, true])));
  });
});

describe.skipIf(!brokerAvailable())(`the same worker in plain JavaScript (CommonJS, untyped helper module), fixed by the CLI, against the strict RabbitMQ 4.3 broker ${WHEN_STRICT}`, () => {
  const PJ = queueName('e2e-js');
  const JS_FILES = workerProjectJs(PJ);
  const JS_QUEUES = ['orders', 'retry', 'payments', 'audit', 'events'].map((q) => `${PJ}.${q}`);
  let sandbox: Sandbox;
  let project: string;
  let fix: ReturnType<typeof spawnSync>;
  let scanBefore: { findings: { ruleId: string; severity: string; file: string }[] };
  let fixedFiles: Record<string, string>;
  let original: Run['worker'];
  let fixed: Run['worker'];
  let originalLog: Log;
  let fixedLog: Log;
  const existing = new Map<string, boolean>();

  beforeAll(async () => {
    sandbox = new Sandbox('rmq4-e2e-js-');
    project = path.join(sandbox.dir, 'project');
    // The original is run from its own copy (Node caches the modules it loaded by path); both find
    // amqplib through the sandbox's node_modules.
    const originalCopy = path.join(sandbox.dir, 'original');
    writeProject(project, JS_FILES);
    writeProject(originalCopy, JS_FILES);

    originalLog = newLog();
    original = await runWorker(path.join(originalCopy, 'src'), strictUrl(), originalLog);
    await deleteQueues(strictUrl(), JS_QUEUES);

    scanBefore = JSON.parse(cli('scan', '--format', 'json', '--fail-on', 'never', path.join(project, 'src')).stdout);
    fix = cli('fix', '--write', '--allow-dirty', path.join(project, 'src'));
    fixedFiles = Object.fromEntries(Object.keys(JS_FILES).map((rel) => [rel, fs.readFileSync(path.join(project, rel), 'utf8')]));
    fixedLog = newLog();
    fixed = await runWorker(path.join(project, 'src'), strictUrl(), fixedLog);
    for (const q of JS_QUEUES) existing.set(q, await queueExists(strictUrl(), q));
  });

  afterAll(async () => {
    await deleteQueues(strictUrl(), JS_QUEUES);
    sandbox?.remove();
  });

  it('the original worker is refused: its first declaration, through the helper, with 541 (transient queue)', () => {
    expect(original.ok).toBe(false);
    const replies = [original.ok ? '' : original.error, ...originalLog.errors].map(replyOf);
    expect(showReply(replies.find((r) => r && r.code === 541))).toMatch(/^541 INTERNAL_ERROR - Feature `transient_nonexcl_queues` is deprecated\./);
  });

  it('scan finds every refused declaration, including those through the untyped helper and the required options', () => {
    const errors = scanBefore.findings.filter((f) => f.severity === 'error').map((f) => `${path.relative(project, path.resolve(ROOT, f.file))} ${f.ruleId}`);
    expect(errors.sort()).toEqual(
      [
        'src/worker.js transient-nonexclusive-queue', // declareQueue(channel, ORDERS_QUEUE, { durable: false })
        'src/worker.js transient-nonexclusive-queue', // declareQueue(channel, '.retry', RETRY_QUEUE_OPTIONS)
        'src/worker.js queue-argument-not-supported', // PAYMENTS_QUEUE_OPTIONS.maxPriority on a quorum queue
        'src/worker.js deprecated-queue-argument', // declareQueue(..., { 'x-queue-master-locator' })
        'src/worker.js stream-queue-invalid-property', // EVENTS_STREAM_OPTIONS.autoDelete
        'src/worker.js transient-nonexclusive-queue', // declareQueue(channel, '', { durable: false })
      ].sort(),
    );
  });

  it('the CLI rewrites every refused declaration where its options are written, and leaves the helper alone', () => {
    expect(fix.error).toBeUndefined();
    expect({ code: fix.status, stderr: fix.stderr }).toEqual({ code: 0, stderr: '' });
    for (const text of Object.values(fixedFiles)) expect(text).not.toContain('rabbitmq4-codemod(');
    expectWorkerFixed(JS_FILES, fixedFiles, PJ, 'js');
  });

  it('a second run of the CLI finds nothing left to fix', () => {
    const again = cli('fix', '--check', path.join(project, 'src'));
    expect({ code: again.status, stderr: again.stderr }).toEqual({ code: 0, stderr: '' });
  });

  it('the fixed worker declares its whole topology, consumes an order and publishes its payment', () => {
    expect(fixedLog.errors).toEqual([]);
    expect(fixed).toEqual({ ok: true, replyQueue: expect.stringMatching(/^amq\.gen-/), payment: { orderId: 42, amount: 990 } });
    expect(Object.fromEntries(existing)).toEqual(Object.fromEntries(JS_QUEUES.map((q) => [q, true])));
  });
});
