// How a publish learns that the library's write buffer is full, and whether the code around it waits: the
// publish's PublishPacing (rule publisher-backpressure).
import type * as t from '@babel/types';
import { calleeMethod, isCall, isFunction, type Node } from '../../parse/ast';
import type { PublishPacing } from '../../model';
import { shared, type FileContext } from '../../resolve/file-context';
import { enclosingFunction, loopAround, resultUse } from './call-context';
import { ITERATION_METHODS } from './handler-kinds';
import { unitOfWorkOf } from './unit-of-work';
import { channelOpenedPerRun } from './channel-per-run';
import type { Located } from '../../resolve/contracts';

type CallNode = t.CallExpression | t.OptionalCallExpression;

/** A 'drain' event named in the code: `once(ch, 'drain')`, `ch.once('drain', ...)`, `ch.on('drain', ...)`. */
const DRAIN = /(['"`])drain\1/;
const TRANSPARENT = new Set(['ParenthesizedExpression', 'TSAsExpression', 'TSNonNullExpression', 'TypeCastExpression', 'TSSatisfiesExpression']);

/** Whether the file waits for a channel's 'drain' anywhere: a listener or an awaited `once` (read once per file). */
function waitsForDrain(ctx: FileContext): boolean {
  return shared(ctx, 'pacing:drain', () => DRAIN.test(ctx.file.text) && ctx.file.nodes.some((n) => isCall(n) && (n.arguments as Node[]).some((a) => a.type === 'StringLiteral' && a.value === 'drain')));
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
 */
export function publishPacing(ctx: FileContext, call: CallNode, signal: PublishPacing['signal'], channelMadeAt?: Located): PublishPacing {
  const use = resultUse(ctx.file, call);
  const drain = waitsForDrain(ctx);
  const isCollected = signal === 'promise' && collected(ctx, call);
  // A boolean awaited is not waited for: `await ch.publish(...)` ignores the buffer as much as a bare call.
  const ignored = use === 'ignored' || (signal === 'false-then-drain' && use === 'awaited');
  const method = calleeMethod(call)?.method;
  const repeated = ignored && !drain && !isCollected && method ? repeatedAround(ctx, call, method) : undefined;
  // A loop around the publish in its own function that awaits something each time (a confirm, a read, a pause)
  // paces itself; one over the few items the code writes out (`[a, b, c].forEach(...)`, `i < 10`) ends soon.
  const paced = repeated?.kind === 'a loop' && !repeated.via.length && (awaitsInLoop(ctx, call) || fewItems(ctx, call));
  if (!repeated || paced) return { signal, waitsForDrain: drain, ...(isCollected ? { collected: true } : {}) };
  const perRun = channelOpenedPerRun(ctx, call, channelMadeAt);
  return { signal, waitsForDrain: drain, repeated, repeatedBy: repeatedBy(repeated.kind), ...(perRun ? { channelPerRun: true as const } : {}) };
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

/** How many items a loop may have that the code writes out before it counts as bounded. */
const FEW_ITEMS = 1000;

/**
 * The loop around the call (in its function) goes over an array the code writes out, or up to a number it
 * writes, of at most FEW_ITEMS: `for (const m of [a, b])`, `messages.forEach(...)` with `const messages = [...]`,
 * `for (let i = 0; i < 10; i++)`.
 */
function fewItems(ctx: FileContext, call: CallNode): boolean {
  const loop = loopAround(ctx.file, call);
  let iterable: Node | undefined;
  if (loop?.type === 'ForOfStatement') iterable = (loop as t.ForOfStatement).right as Node;
  else if (loop?.type === 'ForStatement') {
    const test = (loop as t.ForStatement).test;
    if (test?.type !== 'BinaryExpression' || (test.operator !== '<' && test.operator !== '<=')) return false;
    const bound = ctx.resolver.resolve(test.right as Node);
    return bound.kind === 'literal' && typeof bound.value === 'number' && bound.value <= FEW_ITEMS;
  } else if (!loop) {
    const fn = enclosingFunction(ctx.file, call);
    const parent = fn && ctx.file.parentOf(fn);
    const m = parent && isCall(parent) && (parent.arguments as Node[]).includes(fn as Node) ? calleeMethod(parent) : undefined;
    if (m && ITERATION_METHODS.has(m.method)) iterable = m.object;
  }
  if (!iterable) return false;
  const items = ctx.resolver.resolve(iterable);
  return items.kind === 'array' && items.items.length <= FEW_ITEMS;
}

/** The innermost loop around the call in its function has an `await` in its body besides the publish itself. */
function awaitsInLoop(ctx: FileContext, call: CallNode): boolean {
  const loop = loopAround(ctx.file, call);
  if (!loop) return false;
  if (loop.type === 'ForOfStatement' && (loop as t.ForOfStatement).await) return true;
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
