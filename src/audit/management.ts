// Reads a live broker's state through the management HTTP API into the audit's model.
import { spawnSync } from 'node:child_process';
import { isObject, policyOf } from './definitions';
import type { BrokerConsumer, BrokerQueue, BrokerState } from './model';

/** The management API could not be read: one line, credentials hidden. */
export class ManagementError extends Error {}

/** http://user:***@host:port, for messages and reports. */
export function redactUrl(url: string): string {
  return url.replace(/(\/\/[^:/@]*:)[^@/]*@/, '$1***@');
}

const TIMEOUT_MS = 30_000;

/**
 * The child that does the HTTP requests: the CLI is synchronous, and node's fetch is not. It reads
 * {base, auth, paths} from stdin (so the password is never on a command line) and prints
 * {status, body} or {error} per path.
 */
const FETCHER = `
const input = JSON.parse(require('node:fs').readFileSync(0, 'utf8'));
(async () => {
  const out = [];
  for (const p of input.paths) {
    try {
      const r = await fetch(input.base + p, { headers: { accept: 'application/json', ...(input.auth ? { authorization: input.auth } : {}) }, signal: AbortSignal.timeout(${TIMEOUT_MS}) });
      out.push({ status: r.status, statusText: r.statusText, body: await r.text() });
    } catch (e) {
      out.push({ error: (e.cause && (e.cause.code || e.cause.message)) || e.message });
    }
  }
  process.stdout.write(JSON.stringify(out));
})();`;

/** A broker's queues, policies and consumers from the management HTTP API (basic auth from the URL). */
export function readManagement(url: string, vhost?: string): BrokerState {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new ManagementError(`--management-url ${redactUrl(url)} is not a URL`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new ManagementError(`--management-url must be an http:// or https:// URL (got ${u.protocol})`);
  const auth = u.username ? `Basic ${Buffer.from(`${decodeURIComponent(u.username)}:${decodeURIComponent(u.password)}`).toString('base64')}` : undefined;
  const base = `${u.origin}${u.pathname.replace(/\/+$/, '')}`;
  const shown = redactUrl(url);
  const scope = vhost === undefined ? '' : `/${encodeURIComponent(vhost)}`;
  const paths = ['/api/overview', `/api/queues${scope}?columns=name,vhost,durable,auto_delete,exclusive,type,arguments`, `/api/policies${scope}`, `/api/consumers${scope}`];
  const r = spawnSync(process.execPath, ['-e', FETCHER], { input: JSON.stringify({ base, auth, paths }), encoding: 'utf8', timeout: TIMEOUT_MS * paths.length + 5_000, maxBuffer: 1024 * 1024 * 1024 });
  if (r.status !== 0 || !r.stdout) throw new ManagementError(`cannot read the management API at ${shown}: ${(r.stderr || r.error?.message || 'no answer').trim().split('\n')[0]}`);
  const answers = JSON.parse(r.stdout) as { status?: number; statusText?: string; body?: string; error?: string }[];
  const bodies = answers.map((a, i) => {
    const what = `${shown} (GET ${paths[i].replace(/\?.*$/, '')})`;
    if (a.error) throw new ManagementError(`cannot reach the management API at ${what}: ${a.error}`);
    if (a.status === 401) throw new ManagementError(`the management API at ${what} refused the credentials (401 Unauthorized): put user:password in the URL`);
    if (a.status === 404 && vhost !== undefined && i > 0) throw new ManagementError(`the management API at ${what} answered 404: is there a vhost '${vhost}'?`);
    if (a.status !== 200) throw new ManagementError(`the management API at ${what} answered ${a.status} ${a.statusText ?? ''}`.trim());
    try {
      return JSON.parse(a.body ?? '') as unknown;
    } catch {
      throw new ManagementError(`the management API at ${what} did not answer JSON: is this the management port?`);
    }
  });
  const [overview, queues, policies, consumers] = bodies;
  return {
    source: { kind: 'management', url: shown },
    brokerVersion: isObject(overview) && typeof overview.rabbitmq_version === 'string' ? overview.rabbitmq_version : undefined,
    queues: list(queues).map(queueOf),
    policies: list(policies).map((p, i) => policyOf(p, i, shown, vhost ?? '/')),
    consumers: list(consumers).map(consumerOf).filter((c): c is BrokerConsumer => !!c),
  };
}

function list(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}

function queueOf(q: unknown): BrokerQueue {
  const o = isObject(q) ? q : {};
  const args = isObject(o.arguments) ? o.arguments : {};
  return {
    vhost: String(o.vhost ?? '/'),
    name: String(o.name ?? ''),
    durable: o.durable !== false,
    autoDelete: o.auto_delete === true,
    exclusive: o.exclusive === true,
    type: typeof o.type === 'string' ? o.type : typeof args['x-queue-type'] === 'string' ? (args['x-queue-type'] as string) : 'classic',
    arguments: args,
  };
}

function consumerOf(c: unknown): BrokerConsumer | undefined {
  if (!isObject(c) || !isObject(c.queue)) return undefined;
  const ch = isObject(c.channel_details) ? c.channel_details : {};
  return {
    vhost: String(c.queue.vhost ?? '/'),
    queue: String(c.queue.name ?? ''),
    tag: String(c.consumer_tag ?? ''),
    ackRequired: c.ack_required !== false,
    prefetch: typeof c.prefetch_count === 'number' ? c.prefetch_count : 0,
    ...(typeof ch.connection_name === 'string' ? { connection: ch.connection_name } : {}),
    ...(typeof ch.number === 'number' ? { channel: ch.number } : {}),
    ...(typeof ch.user === 'string' ? { user: ch.user } : {}),
  };
}
