// plan --verify: every planned declaration, as the code will send it after the plan's changes, declared in a scratch
// vhost made for the run (the plan's default queue type, the limits of the vhost planned for) and deleted after it,
// even when the run is interrupted; every planned consumer started once on its queue there and cancelled; the broker's
// real reply recorded next to what the tool predicted. What cannot be checked is "not verified" with the reason.
import { randomBytes } from 'node:crypto';
import type { QueueType } from '../model';
import { AmqpError, AmqpSession, Timestamp, type AmqpFailure, type ConsumeReply, type DeclareReply } from '../broker/amqp';
import { amqpEndpoint, type AmqpEndpoint } from '../broker/amqp-endpoint';
import { shownUrl, type BrokerEndpoint } from '../broker/endpoint';
import { ManagementError, request } from '../broker/http';
import { differences, firstRefusal, refusalText, type QueueShape } from '../rules/equivalence';
import { defaultTypeFor } from '../rules/queue-facts';
import type { PlannedConsumer, PlannedDeclaration, PlanReport, Verified, VerifiedCounts } from './model';

export interface VerifyOptions {
  endpoint: BrokerEndpoint;
  /** The vhost the plan is for: its limits (max-queues, max-connections) are copied to the scratch vhost. */
  limitsFrom?: string;
  /** One line of progress (stderr). */
  log: (line: string) => void;
  /** How long an AMQP connection may take to answer (ms; 10 s by default). */
  amqpTimeoutMs?: number;
}

/** What plan --verify needs of the user it connects as. */
export const VERIFY_PERMISSION =
  "the administrator tag: plan --verify creates a vhost of its own (PUT /api/vhosts), gives its user every permission there (PUT /api/permissions), declares the planned queues and starts the planned consumers in it over AMQP and deletes it (DELETE /api/vhosts); it never touches an existing vhost";

const vhostPath = (v: string) => `/api/vhosts/${encodeURIComponent(v)}`;

/** Declares the plan's declarations and starts its consumers in scratch vhosts, and writes the broker's replies into the report. */
export async function verifyPlan(report: PlanReport, o: VerifyOptions): Promise<void> {
  const e = o.endpoint;
  const run = randomBytes(4).toString('hex');
  const byType = new Map<QueueType, string>();
  const typeOf = (vhost: string | undefined) => defaultTypeFor(report.defaultQueueType, vhost ?? o.limitsFrom) ?? 'classic';
  const entries = report.queues.flatMap((q) => q.declarations.map((d) => ({ q, d, type: typeOf(q.vhost) })));
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
  let amqp: AmqpEndpoint | undefined;
  // Why nothing more can be checked (the endpoint refused, timed out, or the scratch vhost could not be made).
  let problem: string | undefined;
  let declared = 0;
  try {
    try {
      for (const [type, v] of byType) await createScratch(e, v, type, o, created);
      const limits = o.limitsFrom ? await copyLimits(e, o.limitsFrom, [...byType.values()]) : undefined;
      if (limits) o.log(`copied the limits of vhost '${o.limitsFrom}' to the scratch vhost: ${limits}`);
    } catch (err) {
      if (!(err instanceof ManagementError)) throw err;
      problem = err.message;
    }
    amqp = await amqpEndpoint(e);
    o.log(`AMQP: ${shownUrl(amqp.url)} (${amqp.from})`);
    const open = async (vhost: string): Promise<AmqpSession> => {
      const s = await AmqpSession.open({ url: amqp!.url, username: e.username ?? 'guest', password: e.password ?? 'guest', vhost, ...(e.ca ? { ca: e.ca.pem } : {}), ...(o.amqpTimeoutMs ? { timeoutMs: o.amqpTimeoutMs } : {}) });
      sessions.push(s);
      return s;
    };
    const failed = (err: AmqpError) => `${FAILURE[err.failure]}: ${err.message} (the AMQP endpoint from ${amqp!.from})`;
    // One connection first: an endpoint that cannot be used says so once, for everything.
    if (!problem && byType.size) {
      try {
        await open(names[0]);
      } catch (err) {
        if (!(err instanceof AmqpError)) throw err;
        problem = failed(err);
      }
    }
    if (problem) o.log(`not verified: ${problem}`);
    // What each queue name is on the broker after the declarations so far (in each scratch vhost), and where it was made.
    const made = new Map<string, QueueShape>();
    const holders = new Map<string, { session: AmqpSession; queue: string }>();
    const byDeclaration = new Map<PlannedDeclaration, { session: AmqpSession; queue: string; vhost: string }>();
    for (const { d, type } of entries) {
      if (interrupted) return;
      const vhost = byType.get(type)!;
      const predicted = predict(d, vhost, made);
      if ('unknown' in d.after) {
        d.verified = { reply: 'not declared', predicted, asPredicted: false, notDeclared: d.after.unknown };
        continue;
      }
      if (problem) {
        d.verified = notVerified(predicted, problem);
        continue;
      }
      let reply: DeclareReply;
      let session: AmqpSession;
      try {
        session = await open(vhost);
        reply = await session.declare(d.after);
      } catch (err) {
        if (!(err instanceof AmqpError)) throw err;
        // The broker stopped answering (or refused a new connection): this and what follows are not verified.
        if (err.failure !== 'broken') problem = failed(err);
        d.verified = notVerified(predicted, failed(err));
        continue;
      }
      declared++;
      const said = reply.ok ? 'accepted' : `${reply.code} ${reply.text}`;
      let type_: string | undefined;
      if (reply.ok) {
        type_ = await queueType(e, vhost, reply.queue);
        if (d.after.queue !== '') made.set(`${vhost}\u0000${d.after.queue}`, { ...shapeOfForm(d), type: type_ && isType(type_) ? { value: type_ } : { unknown: 'the broker did not say' } });
        byDeclaration.set(d, { session, queue: reply.queue, vhost });
        const key = `${vhost}\u0000${reply.queue}`;
        if (!holders.has(key)) holders.set(key, { session, queue: reply.queue });
      }
      d.verified = { reply: said, ...(type_ ? { type: type_ } : {}), predicted, asPredicted: matches(said, predicted) };
    }
    // Each consumer once, on the queue its code's declaration made in the scratch vhost.
    const declarations = report.queues.flatMap((q) => q.declarations);
    for (const c of report.consumers) {
      if (interrupted) return;
      const where = target(c, declarations, byDeclaration, holders, [byType.get(typeOf(undefined)), ...names].filter((v): v is string => !!v));
      const predicted = predictConsume(c, where && 'vhost' in where ? where.vhost : undefined);
      if ('unknown' in c.after) {
        c.verified = { reply: 'not started', predicted, asPredicted: false, notDeclared: c.after.unknown };
        continue;
      }
      if (problem) {
        c.verified = notVerified(predicted, problem);
        continue;
      }
      if (!where || 'missing' in where) {
        c.verified = notVerified(predicted, where?.missing ?? `no declaration of queue '${c.after.queue}' in the scanned code was accepted in the scratch vhost, so there is no queue to consume from`);
        continue;
      }
      let reply: ConsumeReply;
      try {
        // A queue declared on a connection the broker closed since (541): a new one, unless the queue was that connection's own.
        const session = where.session.closed && !where.exclusive ? await open(where.vhost) : where.session;
        if (session.closed) throw new AmqpError(`the connection that declared the exclusive queue '${where.queue}' was closed by the broker`, 'broken');
        reply = await session.consume({ queue: where.queue, noAck: c.after.noAck, ...(c.after.prefetch !== undefined ? { prefetch: c.after.prefetch } : {}), arguments: onTheWire(c.after.arguments, c.after.wire) });
      } catch (err) {
        if (!(err instanceof AmqpError)) throw err;
        if (err.failure !== 'broken') problem = failed(err);
        c.verified = notVerified(predicted, failed(err));
        continue;
      }
      const said = reply.ok ? 'accepted' : `${reply.code} ${reply.text}`;
      c.verified = { reply: said, predicted, asPredicted: matches(said, predicted) };
    }
    const all = declarations.map((x) => x.verified).filter((x) => !!x);
    const counts = countsOf(all);
    report.verification = {
      vhosts: [...byType].filter(([, name]) => created.includes(name)).map(([defaultQueueType, name]) => ({ name, defaultQueueType })),
      permission: VERIFY_PERMISSION,
      ...(amqp ? { amqp: { url: shownUrl(amqp.url), from: amqp.from } } : {}),
      ...(problem && !counts.sent ? { problem } : {}),
      declared,
      asPredicted: counts.asPredicted,
      otherwise: counts.otherwise,
      notDeclared: counts.notDeclared,
      notVerified: counts.notVerified,
      consumers: countsOf(report.consumers.map((c) => c.verified).filter((x) => !!x)),
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

/** What a failed connection means, first in the reason. */
const FAILURE: Record<AmqpFailure, string> = {
  refused: 'connection refused',
  unreachable: 'host unreachable',
  timeout: 'timeout',
  authentication: 'authentication failed',
  access: 'access to the vhost refused',
  broken: 'the connection broke',
};

const notVerified = (predicted: string, reason: string): Verified => ({ reply: 'not verified', predicted, asPredicted: false, notVerified: reason });

function countsOf(all: Verified[]): VerifiedCounts {
  const sent = all.filter((x) => !x.notDeclared && !x.notVerified);
  return { sent: sent.length, asPredicted: sent.filter((x) => x.asPredicted).length, otherwise: sent.filter((x) => !x.asPredicted).length, notDeclared: all.filter((x) => x.notDeclared).length, notVerified: all.filter((x) => x.notVerified).length };
}

/** How many checks ran and got the broker's reply (declarations and consumers). */
export const verifiedCount = (r: PlanReport) => (r.verification ? r.verification.declared + r.verification.consumers.sent : 0);

/** How many checks there were to make. */
export const checkCount = (r: PlanReport) => r.queues.reduce((n, q) => n + q.declarations.length, 0) + r.consumers.length;

/**
 * The queue a consumer consumes in the scratch vhost, on the connection that declared it: the server-named queue of
 * its own declaration, or the first accepted declaration of its name (the plan's own vhost first).
 */
function target(
  c: PlannedConsumer,
  declarations: PlannedDeclaration[],
  byDeclaration: Map<PlannedDeclaration, { session: AmqpSession; queue: string; vhost: string }>,
  holders: Map<string, { session: AmqpSession; queue: string }>,
  vhosts: string[],
): { session: AmqpSession; queue: string; vhost: string; exclusive: boolean } | { missing: string } | undefined {
  if ('unknown' in c.after) return undefined;
  const exclusiveOf = (d: PlannedDeclaration | undefined) => !!d && !('unknown' in d.after) && d.after.exclusive;
  if (c.after.queue === '' || c.declaredAt) {
    const at = c.declaredAt;
    const d = at ? declarations.find((x) => x.file === at.file && x.line === at.line && x.column === at.column) : undefined;
    const made = d ? byDeclaration.get(d) : undefined;
    if (made) return { ...made, exclusive: exclusiveOf(d) };
    if (c.after.queue === '') return { missing: at ? `its queue's declaration (${at.file}:${at.line}) was not accepted in the scratch vhost` : 'it consumes a server-named queue whose declaration the plan does not know' };
  }
  for (const vhost of vhosts) {
    const held = holders.get(`${vhost}\u0000${c.after.queue}`);
    if (!held) continue;
    const d = declarations.find((x) => byDeclaration.get(x)?.session === held.session && byDeclaration.get(x)?.queue === held.queue);
    return { ...held, vhost, exclusive: exclusiveOf(d) };
  }
  return undefined;
}

/** A consume refusal the plan leaves (its brokerError, in the scratch vhost), or 'accepted'. */
function predictConsume(c: PlannedConsumer, vhost: string | undefined): string {
  const left = c.refusedAfter[0];
  if (!left) return 'accepted';
  const text = left.replace(/^[a-z0-9-]+: /, '');
  return vhost ? text.replace(/in vhost '[^']*'/g, `in vhost '${vhost}'`) : text;
}

/** The arguments as the library sends them: a timestamp as an AMQP timestamp (amqplib's `{ '!': 'timestamp', value }` too). */
function onTheWire(args: Record<string, unknown>, wire: Record<string, string> | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(args)) {
    if (wire?.[k] !== 'timestamp') {
      out[k] = v;
      continue;
    }
    const seconds = typeof v === 'number' ? v : v && typeof v === 'object' && typeof (v as { value?: unknown }).value === 'number' ? (v as { value: number }).value : undefined;
    out[k] = seconds === undefined ? v : new Timestamp(seconds);
  }
  return out;
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
  // The credentials read the broker already (GET /api/overview): a 401 here is the user's tags, not its password.
  if (seen.status === 401 || seen.status === 403) throw new ManagementError(`the user ${e.username ?? '(none)'} may not create a vhost at ${base} (${seen.status}): plan --verify needs ${VERIFY_PERMISSION}`);
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
