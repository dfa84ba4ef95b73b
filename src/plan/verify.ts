// plan --verify: every planned declaration, as the code will send it after the plan's changes, declared in a scratch
// vhost made for the run (the plan's default queue type, the limits of the vhost planned for) and deleted after it,
// even when the run is interrupted; the broker's real reply recorded next to what the tool predicted.
import { randomBytes } from 'node:crypto';
import type { QueueType } from '../model';
import { AmqpError, AmqpSession, type DeclareReply } from '../broker/amqp';
import { amqpUrlOf, shownUrl, type BrokerEndpoint } from '../broker/endpoint';
import { ManagementError, request } from '../broker/http';
import { differences, firstRefusal, refusalText, type QueueShape } from '../rules/equivalence';
import { defaultTypeFor } from '../rules/queue-facts';
import type { PlannedDeclaration, PlanReport } from './model';

export interface VerifyOptions {
  endpoint: BrokerEndpoint;
  /** The vhost the plan is for: its limits (max-queues, max-connections) are copied to the scratch vhost. */
  limitsFrom?: string;
  /** One line of progress (stderr). */
  log: (line: string) => void;
}

/** What plan --verify needs of the user it connects as. */
export const VERIFY_PERMISSION =
  "the administrator tag: plan --verify creates a vhost of its own (PUT /api/vhosts), gives its user every permission there (PUT /api/permissions), declares the planned queues in it over AMQP and deletes it (DELETE /api/vhosts); it never touches an existing vhost";

const vhostPath = (v: string) => `/api/vhosts/${encodeURIComponent(v)}`;

/** Declares the plan's declarations in scratch vhosts and writes the broker's replies into the report. */
export async function verifyPlan(report: PlanReport, o: VerifyOptions): Promise<void> {
  const e = o.endpoint;
  const run = randomBytes(4).toString('hex');
  const byType = new Map<QueueType, string>();
  const entries = report.queues.flatMap((q) => q.declarations.map((d) => ({ q, d, type: defaultTypeFor(report.defaultQueueType, q.vhost ?? o.limitsFrom) ?? 'classic' })));
  for (const { type } of entries) if (!byType.has(type)) byType.set(type, `rabbitmq4-codemod-verify-${run}${byType.size || entries.some((x) => x.type !== type) ? `-${type}` : ''}`);
  const created: string[] = [];
  const sessions: AmqpSession[] = [];
  let interrupted: NodeJS.Signals | undefined;
  const cleanup = async () => {
    for (const s of sessions.splice(0)) await s.close().catch(() => undefined);
    for (const v of created.splice(0)) {
      const r = await request(e, 'DELETE', vhostPath(v)).catch((err: Error) => ({ status: 0, statusText: err.message, body: '' }));
      if (r.status === 204) o.log(`deleted the scratch vhost ${v}`);
      else if (r.status !== 404) o.log(`could not delete the scratch vhost ${v} (${r.status} ${r.statusText}): delete it with rabbitmqctl delete_vhost ${v}`);
    }
  };
  const names = [...byType.values()];
  const onSignal = (signal: NodeJS.Signals) => {
    const code = signal === 'SIGINT' ? 130 : 143;
    if (interrupted) {
      // A second signal while the vhost is being removed: wait for it; a third leaves it.
      if (++repeats >= 2) {
        o.log(`${signal} again: leaving the scratch vhost; delete it with ${names.map((v) => `rabbitmqctl delete_vhost ${v}`).join(' and ')}`);
        process.exit(code);
      }
      o.log(`${signal}: still removing the scratch vhost (signal once more to leave it)`);
      return;
    }
    interrupted = signal;
    o.log(`${signal}: removing the scratch vhost before exiting`);
    void cleanup().finally(() => process.exit(code));
  };
  let repeats = 0;
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    for (const [type, v] of byType) await createScratch(e, v, type, o, created);
    const limits = o.limitsFrom ? await copyLimits(e, o.limitsFrom, [...byType.values()]) : undefined;
    if (limits) o.log(`copied the limits of vhost '${o.limitsFrom}' to the scratch vhost: ${limits}`);
    const amqp = amqpUrlOf(e);
    // What each queue name is on the broker after the declarations so far (in each scratch vhost).
    const made = new Map<string, QueueShape>();
    let declared = 0;
    for (const { d, type } of entries) {
      if (interrupted) return;
      const vhost = byType.get(type)!;
      const predicted = predict(d, vhost, made);
      if ('unknown' in d.after) {
        d.verified = { reply: 'not declared', predicted, asPredicted: false, notDeclared: d.after.unknown };
        continue;
      }
      let reply: DeclareReply | { error: string };
      try {
        const s = await AmqpSession.open({ url: amqp, username: e.username ?? 'guest', password: e.password ?? 'guest', vhost, ...(e.ca ? { ca: e.ca.pem } : {}) });
        sessions.push(s);
        reply = await s.declare(d.after);
      } catch (err) {
        if (!(err instanceof AmqpError)) throw err;
        reply = { error: err.message };
      }
      declared++;
      const said = 'error' in reply ? reply.error : reply.ok ? 'accepted' : `${reply.code} ${reply.text}`;
      let type_: string | undefined;
      if (!('error' in reply) && reply.ok) {
        type_ = await queueType(e, vhost, reply.queue);
        if (d.after.queue !== '') made.set(`${vhost}\u0000${d.after.queue}`, { ...shapeOfForm(d), type: type_ && isType(type_) ? { value: type_ } : { unknown: 'the broker did not say' } });
      }
      d.verified = { reply: said, ...(type_ ? { type: type_ } : {}), predicted, asPredicted: matches(said, predicted) };
    }
    const all = report.queues.flatMap((q) => q.declarations.map((x) => x.verified)).filter((x) => !!x);
    report.verification = {
      vhosts: [...byType].map(([defaultQueueType, name]) => ({ name, defaultQueueType })),
      permission: VERIFY_PERMISSION,
      declared,
      asPredicted: all.filter((x) => x.asPredicted).length,
      otherwise: all.filter((x) => !x.asPredicted && !x.notDeclared).length,
      notDeclared: all.filter((x) => x.notDeclared).length,
      ...(o.limitsFrom ? { limitsFrom: o.limitsFrom } : {}),
    };
  } finally {
    if (!interrupted) {
      process.removeListener('SIGINT', onSignal);
      process.removeListener('SIGTERM', onSignal);
      await cleanup();
    }
  }
}

const isType = (t: string): t is QueueType => t === 'classic' || t === 'quorum' || t === 'stream';

/**
 * The scratch vhost, made new: a vhost of that name that exists already is never used, changed or deleted.
 * It is listed in `created` (what cleanup deletes) from the moment it may exist: an interruption during the
 * request that makes it still removes it.
 */
async function createScratch(e: BrokerEndpoint, v: string, type: QueueType, o: VerifyOptions, created: string[]): Promise<void> {
  const base = shownUrl(e.management);
  const seen = await request(e, 'GET', vhostPath(v));
  if (seen.status === 401) throw new ManagementError(`the management API at ${base} refused the credentials (401)`);
  if (seen.status !== 404) throw new ManagementError(`a vhost ${v} exists already (${seen.status}): plan --verify never touches an existing vhost`);
  created.push(v);
  const made = await request(e, 'PUT', vhostPath(v), { default_queue_type: type, description: 'rabbitmq4-codemod plan --verify: a scratch vhost, deleted after the run' });
  // 204: someone else's vhost of that name appeared in between; it is not this run's to delete.
  if (made.status === 204) created.splice(created.indexOf(v), 1);
  if (made.status === 403 || made.status === 401) throw new ManagementError(`the user ${e.username ?? '(none)'} may not create a vhost at ${base} (${made.status}): plan --verify needs ${VERIFY_PERMISSION}`);
  if (made.status !== 201) throw new ManagementError(`creating the scratch vhost ${v} at ${base} answered ${made.status} ${made.statusText}${made.status === 204 ? ' (it existed: left as it is)' : ''}`);
  o.log(`created the scratch vhost ${v} (default queue type ${type})`);
  const user = e.username ?? 'guest';
  const perms = await request(e, 'PUT', `/api/permissions/${encodeURIComponent(v)}/${encodeURIComponent(user)}`, { configure: '.*', write: '.*', read: '.*' });
  if (perms.status !== 201 && perms.status !== 204) throw new ManagementError(`giving ${user} permissions on the scratch vhost answered ${perms.status} ${perms.statusText}`);
}

/** The vhost's limits (GET /api/vhost-limits/<vhost>) set on the scratch vhosts; a text of them, or undefined when it has none. */
async function copyLimits(e: BrokerEndpoint, from: string, to: string[]): Promise<string | undefined> {
  const r = await request(e, 'GET', `/api/vhost-limits/${encodeURIComponent(from)}`);
  if (r.status === 404) throw new ManagementError(`--vhost ${from}: no such vhost on the broker`);
  if (r.status !== 200) return undefined;
  const list = JSON.parse(r.body) as { value?: Record<string, number> }[];
  const limits = list[0]?.value ?? {};
  for (const v of to) {
    for (const [name, value] of Object.entries(limits)) {
      const set = await request(e, 'PUT', `/api/vhost-limits/${encodeURIComponent(v)}/${encodeURIComponent(name)}`, { value });
      if (set.status !== 204 && set.status !== 201) throw new ManagementError(`setting ${name} ${value} on the scratch vhost answered ${set.status} ${set.statusText}`);
    }
  }
  const shown = Object.entries(limits).map(([k, v]) => `${k} ${v}`);
  return shown.length ? shown.join(', ') : undefined;
}

async function queueType(e: BrokerEndpoint, vhost: string, name: string): Promise<string | undefined> {
  const r = await request(e, 'GET', `/api/queues/${encodeURIComponent(vhost)}/${encodeURIComponent(name)}?columns=type`).catch(() => undefined);
  if (!r || r.status !== 200) return undefined;
  const t = (JSON.parse(r.body) as { type?: unknown }).type;
  return typeof t === 'string' ? t : undefined;
}

function shapeOfForm(d: PlannedDeclaration): Omit<QueueShape, 'type'> {
  const f = d.after as Exclude<PlannedDeclaration['after'], { unknown: string }>;
  return { durable: { value: f.durable }, exclusive: { value: f.exclusive }, autoDelete: { value: f.autoDelete }, arguments: Object.entries(f.arguments).filter(([k]) => k !== 'x-queue-type').map(([k, v]) => [k, { value: v }]) };
}

/**
 * What the tool expects the broker to answer: a refusal the plan leaves (its brokerError), the 406/405 an
 * earlier declaration of the same queue gives, or 'accepted'. The vhost a reply names is the scratch one.
 */
function predict(d: PlannedDeclaration, vhost: string, made: Map<string, QueueShape>): string {
  const inScratch = (text: string) => text.replace(/in vhost '[^']*'/g, `in vhost '${vhost}'`);
  const left = d.refusedAfter.find((r) => !r.startsWith('inconsistent-queue-declaration'));
  if (left) return inScratch(left.replace(/^[a-z0-9-]+: /, ''));
  if ('unknown' in d.after) return 'not declared';
  const before = d.after.queue ? made.get(`${vhost}\u0000${d.after.queue}`) : undefined;
  if (before) {
    const type = d.planned === 'unknown' ? undefined : d.planned;
    const refusal = type ? firstRefusal(differences(before, { ...shapeOfForm(d), type: { value: type } })) : undefined;
    if (refusal) return refusalText(refusal, d.after.queue, vhost);
  }
  return 'accepted';
}

/** The reply is the prediction, or starts with it (a prediction stops where the client's choice of a number's type would come). */
function matches(reply: string, predicted: string): boolean {
  return reply === predicted || (predicted !== 'accepted' && predicted !== 'not declared' && reply.startsWith(predicted));
}
