/**
 * Where the broker suite finds its RabbitMQ 4 brokers, and whether it must have them.
 *
 *   RABBITMQ_URL                 the strict broker (upstream 4.3 defaults: deprecated features denied)
 *   RABBITMQ_LEGACY_URL          the legacy broker (transient_nonexcl_queues, global_qos and
 *                                queue_master_locator permitted, as a 3.13-4.2 broker holds queues)
 *   RABBITMQ4_BROKER_REQUIRED=1  a missing broker fails the suite (CI) instead of skipping it
 *
 * `bash scripts/rabbitmq4.sh start` provisions both; `eval "$(bash scripts/rabbitmq4.sh env)"`
 * exports the URLs.
 */
import { spawnSync } from 'node:child_process';

export const BROKER_URL = process.env.RABBITMQ_URL || undefined;
export const LEGACY_URL = process.env.RABBITMQ_LEGACY_URL || undefined;
export const BROKER_REQUIRED = process.env.RABBITMQ4_BROKER_REQUIRED === '1';

export const START_HINT = 'run `npm run broker:start` then `eval "$(bash scripts/rabbitmq4.sh env)"`, or set RABBITMQ_URL';
export const SKIP_MESSAGE = `broker suite SKIPPED: no RabbitMQ 4 broker; ${START_HINT}`;

/** Every broker operation in the suite is bounded by this (ms). */
export const OP_TIMEOUT = 8_000;

/** amqp://user:***@host:port/vhost, for messages. */
export function redact(url: string): string {
  return url.replace(/(\/\/[^:/@]*:)[^@/]*@/, '$1***@');
}

const probed = new Map<string, string | undefined>();

/**
 * Why the broker at `url` cannot be used (undefined if it answers). Synchronous, so that
 * `describe.skipIf` can use it while the tests are collected: a child process opens a TCP
 * connection to the AMQP port (2 s at most).
 */
export function brokerProblem(url: string | undefined, variable: string): string | undefined {
  if (!url) return `${variable} is not set`;
  if (probed.has(url)) return probed.get(url);
  let problem: string | undefined;
  let host: string;
  let port: number;
  try {
    const u = new URL(url);
    if (u.protocol !== 'amqp:') throw new Error(`${u.protocol} is not amqp:`);
    host = u.hostname.replace(/^\[|\]$/g, '') || '127.0.0.1';
    port = Number(u.port || 5672);
  } catch (e) {
    problem = `${variable} (${redact(url)}) is not an amqp:// URL: ${(e as Error).message}`;
    probed.set(url, problem);
    return problem;
  }
  const script = `
    const s = require('node:net').connect({ host: process.argv[1], port: Number(process.argv[2]) });
    s.setTimeout(2000, () => { console.error('timeout'); process.exit(1); });
    s.on('connect', () => { s.destroy(); process.exit(0); });
    s.on('error', (e) => { console.error(e.code || e.message); process.exit(1); });`;
  const r = spawnSync(process.execPath, ['-e', script, host, String(port)], { encoding: 'utf8', timeout: 4000 });
  if (r.status !== 0) problem = `nothing answers at ${host}:${port} (${variable}=${redact(url)}): ${(r.stderr || r.error?.message || 'no answer').trim()}`;
  probed.set(url, problem);
  return problem;
}

/** True if the strict broker (RABBITMQ_URL) is set and its port answers. */
export function brokerAvailable(): boolean {
  return brokerProblem(BROKER_URL, 'RABBITMQ_URL') === undefined;
}

/** True if the legacy broker (RABBITMQ_LEGACY_URL) is set and its port answers. */
export function legacyBrokerAvailable(): boolean {
  return brokerProblem(LEGACY_URL, 'RABBITMQ_LEGACY_URL') === undefined;
}

/** The strict broker's URL, for tests that only run when brokerAvailable(). */
export function strictUrl(): string {
  if (!BROKER_URL || !brokerAvailable()) throw new Error(`no strict broker: ${brokerProblem(BROKER_URL, 'RABBITMQ_URL')}`);
  return BROKER_URL;
}

/** The legacy broker's URL, for tests that only run when legacyBrokerAvailable(). */
export function legacyUrl(): string {
  if (!LEGACY_URL || !legacyBrokerAvailable()) throw new Error(`no legacy broker: ${brokerProblem(LEGACY_URL, 'RABBITMQ_LEGACY_URL')}`);
  return LEGACY_URL;
}

/** The suffix a skippable describe carries, so the reason shows in the test name. */
export const WHEN_STRICT = '(needs RABBITMQ_URL: skipped without a broker unless RABBITMQ4_BROKER_REQUIRED=1)';
export const WHEN_LEGACY = '(needs RABBITMQ_LEGACY_URL: skipped without a broker unless RABBITMQ4_BROKER_REQUIRED=1)';
