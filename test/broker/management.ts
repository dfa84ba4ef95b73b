/**
 * The strict node's management API for the broker suite (RABBITMQ_MANAGEMENT_URL, with the credentials in
 * the URL): vhosts made for a test with the default queue type it needs, and removed after it.
 */
import { spawnSync } from 'node:child_process';
import { OP_TIMEOUT, redact } from './broker-env';
import { RUN } from './harness';

export const MANAGEMENT_URL = process.env.RABBITMQ_MANAGEMENT_URL || undefined;

/** Why the strict node's management API cannot be used (undefined if it answers). Synchronous, for describe.skipIf. */
export function managementProblem(url = MANAGEMENT_URL, variable = 'RABBITMQ_MANAGEMENT_URL'): string | undefined {
  if (!url) return `${variable} is not set`;
  const script = `
    const u = new URL(process.argv[1]);
    fetch(u.origin + '/api/overview', { headers: { authorization: 'Basic ' + Buffer.from(decodeURIComponent(u.username) + ':' + decodeURIComponent(u.password)).toString('base64') }, signal: AbortSignal.timeout(2000) })
      .then((r) => process.exit(r.status === 200 ? 0 : (console.error('HTTP ' + r.status), 1)), (e) => (console.error((e.cause && e.cause.code) || e.message), process.exit(1)));`;
  const r = spawnSync(process.execPath, ['-e', script, url], { encoding: 'utf8', timeout: 4000 });
  return r.status === 0 ? undefined : `the management API at ${redact(url)} does not answer: ${(r.stderr || r.error?.message || 'no answer').trim()}`;
}

/** One request to the management API; the body is JSON when there is one. */
export async function api(method: string, p: string, body?: unknown, url = MANAGEMENT_URL!): Promise<{ status: number; text: string }> {
  const u = new URL(url);
  const auth = `Basic ${Buffer.from(`${decodeURIComponent(u.username)}:${decodeURIComponent(u.password)}`).toString('base64')}`;
  const r = await fetch(`${u.origin}${p}`, {
    method,
    headers: { authorization: auth, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(OP_TIMEOUT),
  });
  return { status: r.status, text: await r.text() };
}

/** The user name of the management URL (the suite's user, given every permission on a test vhost). */
export const managementUser = (url = MANAGEMENT_URL!) => decodeURIComponent(new URL(url).username);

/**
 * A vhost of this run (`rmq4cm-<slug>-<run>`) created with a default queue type, the suite's user given every
 * permission on it; delete it with deleteVhost. Refuses to reuse a vhost that exists.
 */
export async function createVhost(slug: string, defaultQueueType?: string): Promise<string> {
  const name = `rmq4cm-${slug}-${RUN}`;
  const v = encodeURIComponent(name);
  if ((await api('GET', `/api/vhosts/${v}`)).status !== 404) throw new Error(`vhost ${name} exists already`);
  const made = await api('PUT', `/api/vhosts/${v}`, defaultQueueType ? { default_queue_type: defaultQueueType } : {});
  if (made.status !== 201) throw new Error(`creating vhost ${name}: ${made.status} ${made.text}`);
  const perms = await api('PUT', `/api/permissions/${v}/${encodeURIComponent(managementUser())}`, { configure: '.*', write: '.*', read: '.*' });
  if (perms.status !== 201 && perms.status !== 204) throw new Error(`permissions on ${name}: ${perms.status} ${perms.text}`);
  return name;
}

export async function deleteVhost(name: string): Promise<void> {
  await api('DELETE', `/api/vhosts/${encodeURIComponent(name)}`).catch(() => undefined);
}

/** The type the broker gave a queue (GET /api/queues/<vhost>/<name>), or undefined when there is no such queue. */
export async function queueTypeOnBroker(vhost: string, name: string): Promise<string | undefined> {
  const r = await api('GET', `/api/queues/${encodeURIComponent(vhost)}/${encodeURIComponent(name)}`);
  if (r.status !== 200) return undefined;
  return (JSON.parse(r.text) as { type?: string }).type;
}

/** An amqp:// URL of the strict node for a vhost. */
export function vhostUrl(amqpUrl: string, vhost: string): string {
  const u = new URL(amqpUrl);
  u.pathname = `/${encodeURIComponent(vhost)}`;
  return u.toString();
}
