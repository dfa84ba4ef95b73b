// How a publish learns that the library's write buffer is full, and whether the code around it waits: the
// publish's PublishPacing (rule publisher-backpressure).
import type * as t from '@babel/types';
import { calleeMethod, isCall, isFunction, type Node } from '../../parse/ast';
import type { PublishPacing } from '../../model';
import { shared, type FileContext } from '../../resolve/file-context';
import { enclosingFunction, loopAround, resultUse } from './call-context';
import { loopOf, unitOfWorkOf } from './unit-of-work';
import { loopBound } from './loop-bound';
import { channelOfThisRun, channelOpenedPerRun } from './channel-per-run';
import type { Located } from '../../resolve/contracts';

type CallNode = t.CallExpression | t.OptionalCallExpression;

/** A 'drain' event named in the code: `once(ch, 'drain')`, `ch.once('drain', ...)`, `ch.on('drain', ...)`. */
const DRAIN = /(['"`])drain\1/;
const TRANSPARENT = new Set(['ParenthesizedExpression', 'TSAsExpression', 'TSNonNullExpression', 'TypeCastExpression', 'TSSatisfiesExpression']);
/** Wrappers whose publish returns a promise and that wait for 'drain' themselves (amqp-connection-manager's ChannelWrapper queues each message until the channel has room). */
const PROMISE_WRAPPERS = ['amqp-connection-manager', '@golevelup/nestjs-rabbitmq'];

/** Where the file waits for a channel's 'drain' (read once per file). */
interface DrainWaits {
  /** A standing listener (`ch.on('drain', resume)`) or a wait outside any function: it paces every publish of the file. */
  fileWide: boolean;
  /** The functions that wait themselves (`await once(ch, 'drain')`, `new Promise((r) => ch.once('drain', r))`), by their owner (see ownerOf). */
  owners: Set<t.Function>;
}

function drainWaits(ctx: FileContext): DrainWaits {
  return shared(ctx, 'pacing:drain', () => {
    const waits: DrainWaits = { fileWide: false, owners: new Set() };
    if (!DRAIN.test(ctx.file.text)) return waits;
    for (const n of ctx.file.nodes) {
      if (!isCall(n) || !(n.arguments as Node[]).some((a) => a.type === 'StringLiteral' && a.value === 'drain')) continue;
      const method = calleeMethod(n)?.method;
      const owner = ownerOf(ctx, n);
      if (method === 'on' || method === 'addListener' || !owner) waits.fileWide = true;
      else waits.owners.add(owner);
    }
    return waits;
  });
}

/** The function a node's code runs for: its enclosing function, or for a callback (`.then(...)`, `new Promise(...)`, `rows.forEach(...)`) the function around the call it is handed to. */
function ownerOf(ctx: FileContext, node: Node): t.Function | undefined {
  let fn = enclosingFunction(ctx.file, node);
  for (;;) {
    if (!fn) return undefined;
    const parent = ctx.file.parentOf(fn);
    if (!parent || !((isCall(parent) || parent.type === 'NewExpression') && (parent.arguments as Node[]).includes(fn))) return fn;
    fn = enclosingFunction(ctx.file, parent);
  }
}

/** A function's own name, as calls name it: `function f`, `f = () => ...`, a method `f() {}`. */
function nameOf(ctx: FileContext, fn: t.Function): string | undefined {
  if ('id' in fn && fn.id) return fn.id.name;
  if ((fn.type === 'ClassMethod' || fn.type === 'ObjectMethod') && fn.key.type === 'Identifier') return fn.key.name;
  const parent = ctx.file.parentOf(fn);
  if (parent?.type === 'VariableDeclarator' && parent.id.type === 'Identifier') return parent.id.name;
  if ((parent?.type === 'ClassProperty' || parent?.type === 'ObjectProperty') && parent.key.type === 'Identifier') return parent.key.name;
  return undefined;
}

/**
 * The publish's own code waits for 'drain': a standing listener in the file, or a wait in the function the publish
 * runs for (or the one whose loop repeats it), or in a function of this file one of them calls by name
 * (`await waitForRoom(ch)`). A wait in another function of the file (`replayPolitely()` beside `replay()`) is not.
 */
function waitsForDrain(ctx: FileContext, at: Node[]): boolean {
  const waits = drainWaits(ctx);
  if (waits.fileWide) return true;
  if (!waits.owners.size) return false;
  const owners = at.map((n) => ownerOf(ctx, n)).filter((f): f is t.Function => !!f);
  if (owners.some((o) => waits.owners.has(o))) return true;
  const waiting = new Set([...waits.owners].map((f) => nameOf(ctx, f)).filter((n): n is string => !!n));
  return owners.some((o) =>
    ctx.file.nodesUnder(o).some((n) => {
      if (!isCall(n)) return false;
      const callee = n.callee as Node;
      const name = callee.type === 'Identifier' ? callee.name : calleeMethod(n)?.method;
      return !!name && waiting.has(name);
    }),
  );
}

/** The publish's promise goes into a collection (`batch.push(ch.publish(...))`, `Promise.all([...])`) rather than being dropped. */
function collected(ctx: FileContext, call: CallNode): boolean {
  let node: Node = call;
  let parent = ctx.file.parentOf(node);
  while (parent && TRANSPARENT.has(parent.type)) {
    node = parent;
    parent = ctx.file.parentOf(node);
  }
  return !!parent && (parent.type === 'ArrayExpression' || (isCall(parent) && (parent.arguments as Node[]).includes(node)));
}

/**
 * `signal`: how the library says its buffer is full. The place it repeats (a loop, a route or consume
 * handler, through the functions that call it) is looked for only when the code ignores the signal and
 * waits for no 'drain': it is what the rule needs, and the search follows callers across files. `channelMadeAt`:
 * where the publish's channel is made (the call that opens it, or the call of a factory that opens one per call).
 * `untraced`: the receiver is not traced to its library (what it returns is then less certain).
 */
export function publishPacing(ctx: FileContext, call: CallNode, signal: PublishPacing['signal'], channelMadeAt?: Located, untraced?: string): PublishPacing {
  const use = resultUse(ctx.file, call);
  const isCollected = signal === 'promise' && collected(ctx, call);
  // A boolean awaited is not waited for: `await ch.publish(...)` ignores the buffer as much as a bare call.
  const ignored = use === 'ignored' || (signal === 'false-then-drain' && use === 'awaited');
  const wrapper = signal === 'false-then-drain' && ignored && untraced ? promiseWrapperInUse(ctx) : undefined;
  const method = calleeMethod(call)?.method;
  const own = waitsForDrain(ctx, [call]);
  const repeated = ignored && !own && !isCollected && method ? repeatedAround(ctx, call, method) : undefined;
  const loop = repeated && loopOf(repeated);
  const drain = own || (!!loop && loop.ctx === ctx && waitsForDrain(ctx, [loop.node]));
  // A loop around the publish in its own function that awaits something each time (a confirm, a read, a pause) paces itself.
  const paced = repeated?.kind === 'a loop' && !repeated.via.length && awaitsInLoop(ctx, call);
  if (!repeated || paced || drain) return { signal, waitsForDrain: drain, ...(isCollected ? { collected: true } : {}) };
  const by = repeatedBy(repeated.kind);
  const bound = by === 'loop' && loop ? loopBound(loop.ctx, loop.node) : undefined;
  const perRun = channelOpenedPerRun(ctx, call, channelMadeAt) || batchOnItsOwnChannel(ctx, call, repeated, bound);
  return {
    signal,
    waitsForDrain: false,
    repeated,
    repeatedBy: by,
    ...(perRun ? { channelPerRun: true as const } : {}),
    ...(bound ? { bound } : {}),
    ...(wrapper && use === 'awaited' ? { returnsDoubt: `the receiver is not traced to an amqplib channel (${untraced}), the code awaits what the call returns, and the project also depends on ${wrapper}, whose publish returns a promise and waits for the channel's 'drain' itself` } : {}),
    ...(wrapper && use === 'ignored' ? { wrapperInProject: wrapper } : {}),
  };
}

/**
 * A loop in the publish's own function over a list its caller hands in (already in memory), on a channel that function
 * opens and closes for this run: the channel's buffer holds at most that list, and nothing else is written to it.
 */
function batchOnItsOwnChannel(ctx: FileContext, call: CallNode, repeated: NonNullable<PublishPacing['repeated']>, bound: PublishPacing['bound']): boolean {
  if (repeated.kind !== 'a loop' || repeated.via.length || bound?.kind !== 'unknown' || !bound.parameter) return false;
  const fn = enclosingFunction(ctx.file, call);
  return !!fn && channelOfThisRun(ctx, call, fn);
}

/** A wrapper with a promise-returning publish that the project depends on, if any. */
function promiseWrapperInUse(ctx: FileContext): string | undefined {
  const packages = ctx.resolver.project?.packages;
  return packages ? PROMISE_WRAPPERS.find((p) => packages.has(p)) : undefined;
}

/**
 * The unit of work around a publish, looked for once per loop (or function) and method: the search follows
 * callers across files, and the publishes of one function share its answer.
 */
function repeatedAround(ctx: FileContext, call: CallNode, method: string): ReturnType<typeof unitOfWorkOf> {
  const scope = loopAround(ctx.file, call) ?? enclosingFunction(ctx.file, call);
  if (!scope) return unitOfWorkOf(ctx, call, { publish: [method], close: [] });
  // Boxed: `shared` makes again what it holds as undefined, and most publishes repeat nowhere.
  return shared(ctx, `pacing:${scope.start}:${method}`, () => ({ unit: unitOfWorkOf(ctx, call, { publish: [method], close: [] }) })).unit;
}

/** A handler the broker feeds (consume, event, RPC, 'message'), a request (HTTP, GraphQL), or a loop. */
function repeatedBy(kind: string): NonNullable<PublishPacing['repeatedBy']> {
  if (kind === 'a loop') return 'loop';
  return /consume|event|RPC|'message'/.test(kind) ? 'message' : 'request';
}

/** The innermost loop around the call in its function has an `await` in its body besides the publish itself. */
function awaitsInLoop(ctx: FileContext, call: CallNode): boolean {
  const loop = loopAround(ctx.file, call);
  // A `for await` waits for its source, not for the channel: a stream or cursor is read as fast as it gives (loop-bound.ts).
  if (!loop) return false;
  const body = (loop as t.ForStatement).body as Node;
  for (const n of ctx.file.nodesUnder(body)) {
    if (n.type !== 'AwaitExpression' || !n.argument) continue;
    let inner = n.argument as Node;
    while (TRANSPARENT.has(inner.type)) inner = (inner as t.ParenthesizedExpression).expression as Node;
    if (inner === call) continue;
    if (![...ctx.file.ancestors(n)].some((a) => a !== body && isFunction(a) && (a.start ?? 0) > (body.start ?? 0))) return true;
  }
  return false;
}
