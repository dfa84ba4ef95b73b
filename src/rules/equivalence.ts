// How RabbitMQ compares a queue declaration with the queue it already holds (rabbit_amqqueue:assert_equivalence):
// one comparison for the code against itself (inconsistent-queue-declaration, a rewrite's deploy advice) and for
// the code against a broker (audit).
import type { QueueDeclaration, QueueType, Resolved } from '../model';
import type { DeclaredPlace, DeclaredQueue, QueueShape, Settled, StandaloneScript } from './declared-queue';

export type { DeclaredPlace, DeclaredQueue, QueueShape, Settled, StandaloneScript };
import { typeOrigin, type TypeContext } from './queue-facts';

/**
 * The keys RabbitMQ 4.3 compares on redeclaration, per type of the queue that exists, in the order it
 * compares them (`queue_arguments` of rabbit_classic_queue, rabbit_quorum_queue and rabbit_stream_queue,
 * v4.3.5); a key outside the list (x-foo) is never compared.
 */
const COMPARED: Record<QueueType, readonly string[]> = {
  classic: ['x-expires', 'x-message-ttl', 'x-dead-letter-exchange', 'x-dead-letter-routing-key', 'x-max-length', 'x-max-length-bytes', 'x-max-priority', 'x-overflow', 'x-queue-mode', 'x-queue-version', 'x-single-active-consumer', 'x-queue-type', 'x-queue-master-locator', 'x-queue-leader-locator'],
  quorum: [
    'x-dead-letter-exchange',
    'x-dead-letter-routing-key',
    'x-dead-letter-strategy',
    'x-expires',
    'x-max-length',
    'x-max-length-bytes',
    'x-max-in-memory-length',
    'x-max-in-memory-bytes',
    'x-overflow',
    'x-single-active-consumer',
    'x-queue-type',
    'x-quorum-initial-group-size',
    'x-delivery-limit',
    'x-message-ttl',
    'x-queue-leader-locator',
    'x-consumer-disconnected-timeout',
    'x-consumer-timeout',
    'x-delayed-retry-type',
    'x-delayed-retry-min',
    'x-delayed-retry-max',
  ],
  stream: ['x-max-length-bytes', 'x-queue-type', 'x-max-age', 'x-stream-max-segment-size-bytes', 'x-stream-filter-size-bytes', 'x-initial-cluster-size', 'x-queue-leader-locator'],
};

/**
 * What `quorum_queue.property_equivalence.relaxed_checks_on_redeclaration = true` still compares when a
 * quorum queue is redeclared as classic (explicitly, or by the injected default): these arguments and
 * nothing else, not even the flags (rabbit_amqqueue:perform_limited_equivalence_checks_on_qq_redeclaration).
 */
const RELAXED = ['x-dead-letter-exchange', 'x-dead-letter-routing-key', 'x-expires', 'x-max-length', 'x-max-length-bytes', 'x-single-active-consumer', 'x-message-ttl'];

export const RELAXED_SETTING = 'quorum_queue.property_equivalence.relaxed_checks_on_redeclaration';

const settle = <T>(r: Resolved<T>): Settled<T> => (r.kind === 'unknown' ? { unknown: r.reason } : { value: r.value });

/** A declaration as the broker compares it, its type given as the default queue type gives it. */
export function shapeOf(decl: QueueDeclaration, ctx?: TypeContext): QueueShape {
  const origin = typeOrigin(decl, ctx);
  const typeArg = decl.arguments.find((a) => a.key === 'x-queue-type');
  const type: Settled<QueueType> =
    origin.type !== 'unknown'
      ? { value: origin.type }
      : { unknown: typeArg?.value.kind === 'unknown' ? `x-queue-type ${typeArg.value.reason}` : origin.flag ? `${origin.flag} is left to run time, and decides whether the default queue type applies` : 'x-queue-type is not a queue type' };
  return {
    durable: settle(decl.durable),
    exclusive: settle(decl.exclusive),
    autoDelete: settle(decl.autoDelete),
    type,
    arguments: decl.arguments.filter((a) => a.key !== 'x-queue-type').map((a) => [a.key, settle(a.value)]),
    ...(decl.argumentsIncomplete ? { argumentsIncomplete: decl.argumentsIncomplete } : {}),
  };
}

/** One property the broker finds different, with the two sides (undefined: the side does not set it). */
export interface Difference {
  /** As the broker names it: exclusive (405), durable, auto_delete, x-queue-type or an argument key. */
  key: string;
  received: Settled<unknown> | undefined;
  current: Settled<unknown> | undefined;
  /** A side is left to run time (or hidden in an unlisted argument): the broker refuses only if it differs then. */
  uncertain: boolean;
}

const isSettled = <T>(s: Settled<T> | undefined): s is { value: T } => !!s && 'value' in s;

/** Whether two values pass the broker's check: the same AMQP type class (number, string, boolean) and equal values. */
function sameValue(a: unknown, b: unknown): boolean {
  if (typeof a !== typeof b) return false;
  return typeof a === 'object' ? JSON.stringify(a) === JSON.stringify(b) : a === b;
}

/** The two sides of one compared property: certain, uncertain or equal. */
function compare(key: string, current: Settled<unknown> | undefined, received: Settled<unknown> | undefined, hidden: { current?: string; received?: string }): Difference | undefined {
  const open = (s: Settled<unknown> | undefined, h: string | undefined) => (s ? !isSettled(s) : !!h);
  if (open(current, hidden.current) || open(received, hidden.received)) {
    // Equal when both sides come from the same run-time value cannot be told: uncertain.
    return { key, current, received, uncertain: true };
  }
  if (!current && !received) return undefined;
  if (current && received && sameValue((current as { value: unknown }).value, (received as { value: unknown }).value)) return undefined;
  return { key, current, received, uncertain: false };
}

/**
 * Every difference the broker finds when `declared` redeclares the queue `existing` made, in the broker's
 * order: the exclusive owner (405), durable, auto_delete, then the existing type's arguments in its order
 * (a missing x-queue-type counts as classic; on 4.x every queue carries the injected one).
 */
export function differences(existing: QueueShape, declared: QueueShape): Difference[] {
  const out: Difference[] = [];
  const push = (d: Difference | undefined) => d && out.push(d);
  // An exclusive queue belongs to its connection; a shared one cannot be taken exclusively (check_exclusive_access, strict).
  push(compare('exclusive', existing.exclusive, declared.exclusive, {}));
  push(compare('durable', existing.durable, declared.durable, {}));
  push(compare('auto_delete', existing.autoDelete, declared.autoDelete, {}));
  const existingType = isSettled(existing.type) ? existing.type.value : undefined;
  const keys = existingType ? COMPARED[existingType] : ['x-queue-type'];
  const current = new Map(existing.arguments);
  const received = new Map(declared.arguments);
  for (const key of keys) {
    if (key === 'x-queue-type') {
      push(compare(key, existing.type, declared.type, {}));
      continue;
    }
    push(compare(key, current.get(key), received.get(key), { current: current.has(key) ? undefined : existing.argumentsIncomplete, received: received.has(key) ? undefined : declared.argumentsIncomplete }));
  }
  return out;
}

/** The first difference the broker certainly refuses, and whether an uncertain one comes before it. */
export function firstRefusal(diffs: Difference[]): Difference | undefined {
  return diffs.find((d) => !d.uncertain);
}

/** A value as the broker's message shows it (rabbit_misc:val/1): 'x', or "the value 'x' of type 't'" when the other side has none. */
function shown(s: Settled<unknown> | undefined, typed: boolean): { text: string; complete: boolean } {
  if (!s) return { text: 'none', complete: true };
  const v = (s as { value: unknown }).value;
  const text = typeof v === 'string' ? v : typeof v === 'object' ? JSON.stringify(v) : String(v);
  if (!typed) return { text: `'${text}'`, complete: true };
  // The AMQP field type of a number is the client's choice (amqplib sends 1000 as a short, @cloudamqp as a signedint).
  const type = typeof v === 'string' ? 'longstr' : typeof v === 'boolean' ? 'bool' : undefined;
  return type ? { text: `the value '${text}' of type '${type}'`, complete: true } : { text: `the value '${text}'`, complete: false };
}

/**
 * A reply as the broker sends it: `NAME - explanation` cut to 255 characters, the last three of them '...'
 * (rabbit_binary_generator:amqp_exception_explanation, `chars_limit` 255), after the code.
 */
export function asSent(code: number, text: string): string {
  return `${code} ${text.length > 255 ? `${text.slice(0, 252)}...` : text}`;
}

/**
 * The broker's refusal of a difference, as RabbitMQ 4.3 words it (measured on 4.3.6). Where the client
 * chooses the AMQP type of a number the broker names, the text stops before it (a prefix of the reply).
 */
export function refusalText(d: Difference, queue: string, vhost: string): string {
  if (d.key === 'exclusive') {
    return asSent(405, `RESOURCE_LOCKED - cannot obtain exclusive access to locked queue '${queue}' in vhost '${vhost}'. It could be originally declared on another connection or the exclusive property value does not match that of the original declaration.`);
  }
  const flag = d.key === 'durable' || d.key === 'auto_delete' || d.key === 'x-queue-type';
  const typed = !flag && (!d.received || !d.current);
  const received = shown(d.received, typed);
  const current = shown(d.current, typed);
  const head = `PRECONDITION_FAILED - inequivalent arg '${d.key}' for queue '${queue}' in vhost '${vhost}': received ${received.text}`;
  return asSent(406, received.complete ? `${head} but current is ${current.text}` : head);
}

/** How a difference reads in a message: "durable: false here, true there". */
export function describeDifference(d: Difference, here = 'here', there = 'there'): string {
  const side = (s: Settled<unknown> | undefined) => (!s ? 'not set' : isSettled(s) ? (typeof s.value === 'string' ? `'${s.value}'` : JSON.stringify(s.value)) : `left to run time (${s.unknown})`);
  const name = d.key === 'auto_delete' ? 'autoDelete' : d.key === 'x-queue-type' ? 'type' : d.key;
  return `${name} ${side(d.received)} ${here}, ${side(d.current)} ${there}`;
}

/**
 * With the relaxed checks, a quorum queue redeclared as classic (explicitly or by the injected default) is
 * compared on seven arguments only: undefined when the setting does not apply to the pair, else the
 * difference that still refuses it (or null: accepted).
 */
export function relaxedOutcome(existing: QueueShape, declared: QueueShape): Difference | null | undefined {
  if (!isSettled(existing.type) || existing.type.value !== 'quorum' || !isSettled(declared.type) || declared.type.value !== 'classic') return undefined;
  const current = new Map(existing.arguments);
  const received = new Map(declared.arguments);
  for (const key of RELAXED) {
    const d = compare(key, current.get(key), received.get(key), { current: current.has(key) ? undefined : existing.argumentsIncomplete, received: received.has(key) ? undefined : declared.argumentsIncomplete });
    if (d) return d;
  }
  return null;
}

/** A sentence on the relaxed checks for a quorum queue redeclared as classic, or '' when they do not apply. */
export function relaxedNote(existing: QueueShape, declared: QueueShape, queue: string, vhost: string): string {
  const outcome = relaxedOutcome(existing, declared);
  if (outcome === undefined) return '';
  if (outcome === null) return ` A broker with ${RELAXED_SETTING} = true accepts this classic declaration of the quorum queue (it then compares only ${RELAXED.join(', ')}).`;
  return ` Even with ${RELAXED_SETTING} = true the broker refuses it: ${refusalText(outcome, queue, vhost)}.`;
}

/**
 * Whether two declarations can meet on one broker: the same vhost where the code names both, and neither in a test.
 * Tests run against a broker of their own, and their cases vary one helper's options on purpose (a unit test of a
 * config factory only reads the objects back; an integration test makes and removes its queues case by case).
 */
export function canMeet(a: DeclaredQueue, b: DeclaredQueue): boolean {
  if (a.libraryNamed || b.libraryNamed || a.test || b.test || runTogether(a, b) === 'no') return false;
  return a.vhost === undefined || b.vhost === undefined || a.vhost === b.vhost;
}

/**
 * Whether two declarations run against one broker, as far as the code shows. Two standalone scripts of one folder
 * whose names start with different lesson numbers (`01_recv.js`, `04_receive_logs_direct.js`) are the numbered steps
 * of a tutorial, each run on its own: 'no'. Two standalone scripts of one package in different folders
 * (`hello-world/receive.js`, `routing/receive.js`) share no module and nothing in the code runs them together:
 * 'maybe'. Anything else (a module the project imports, services in packages of their own, a sender and a receiver
 * side by side): 'yes'.
 */
export function runTogether(a: DeclaredQueue, b: DeclaredQueue): 'yes' | 'maybe' | 'no' {
  const [x, y] = [a.script, b.script];
  if (!x || !y || x.pkg !== y.pkg) return 'yes';
  if (x.folder !== y.folder) return 'maybe';
  return x.lesson !== undefined && y.lesson !== undefined && x.lesson !== y.lesson ? 'no' : 'yes';
}

export const samePlace = (a: { file: string; start: number }, b: { file: string; start: number }): boolean => a.file === b.file && a.start === b.start;

/**
 * The other declarations of a queue that a rewrite changes, which must change in the same deploy: each one
 * whose settings, as written, the broker refuses once the rewritten declaration has made the queue (the
 * old code of another service, or an instance not yet redeployed). Undefined when there are none.
 */
export function deployAdvice(me: DeclaredQueue, fixed: QueueShape, others: readonly DeclaredQueue[]): { text: string; related: { place: DeclaredPlace; message: string }[] } | undefined {
  const clashes: { other: DeclaredQueue; refusal: string }[] = [];
  for (const other of others) {
    if (samePlace(other.place, me.place) || !canMeet(me, other)) continue;
    const refusal = firstRefusal(differences(fixed, other.shape));
    if (refusal) clashes.push({ other, refusal: refusalText(refusal, me.name, me.vhost ?? other.vhost ?? '/') });
  }
  if (!clashes.length) return undefined;
  const where = (d: DeclaredQueue) => `${d.place.file}:${d.place.line} (${d.callee})`;
  const listed = clashes.slice(0, 3).map((c) => `${where(c.other)} gets ${c.refusal.replace(/\.$/, '')}`);
  const rest = clashes.length > 3 ? `; and ${clashes.length - 3} more place(s)` : '';
  return {
    text: `Deploy this change together with the other declarations of '${me.name}' (rewritten by this fix where it reports them, changed by hand otherwise): once the new form has made the queue, each old one still running is refused: ${listed.join('; ')}${rest}.`,
    related: clashes.slice(0, 10).map((c) => ({ place: c.other.place, message: `declares queue '${me.name}' as before: deploy its change together with this one` })),
  };
}

/**
 * Old code against the new queue: once a rewrite's declaration has made the queue, every program still declaring it
 * the old way (a rolling deploy, a rollback, an instance not yet redeployed) gets the broker's reply, quoted exactly;
 * then the three ways out, the one that fits first: several declarers in the project, or a queue that exists with the
 * old settings (`existing`), or one program whose old queue goes away with the upgrade.
 */
export function redeclareAdvice(name: string, vhost: string, before: QueueShape, after: QueueShape, declarers: readonly DeclaredPlace[], existing: boolean): string | undefined {
  const refusal = firstRefusal(differences(after, before));
  if (!refusal || refusal.uncertain) return undefined;
  const reply = refusalText(refusal, name, vhost);
  const named = declarers.slice(0, 3).map((d) => `${d.file}:${d.line}`);
  const together = declarers.length <= 1
    ? `stop every running instance of the old version of this program before the new one starts, after the old queue is gone (no rolling deploy or rollback across this change)`
    : `deploy every declarer of '${name}' together${named.length ? ` (${named.join(', ')}${declarers.length > 3 ? `, and ${declarers.length - 3} more` : ''})` : ''}, after the old queue is gone: stop every instance of the old code, then start the new one (no rolling deploy or rollback across this change)`;
  const rename = `declare a new queue name ('${name}.v2') and move the old queue's messages with a shovel, or let the old code drain '${name}' before it is deleted`;
  const window = `delete '${name}' and let the new code re-declare it, in a maintenance window (drain it first: its messages go with it)`;
  const order = declarers.length > 1 ? [together, rename, window] : existing ? [window, rename, together] : [together, rename, window];
  return `Old code against the new queue: once this declaration has made '${name}', a program that still declares it the old way (a rolling deploy, a rollback, an instance not yet redeployed) gets ${reply}. Ways out, the one that fits first: (1) ${order[0]}; (2) ${order[1]}; (3) ${order[2]}.`;
}
