// How a publish learns that the library's write buffer is full, and whether the code around it waits: the
// publish's PublishPacing (rule publisher-backpressure).
import type * as t from '@babel/types';
import { calleeMethod, isCall, isFunction, type Node } from '../../parse/ast';
import type { PublishPacing } from '../../model';
import { shared, type FileContext } from '../../resolve/file-context';
import { loopAround, resultUse } from './call-context';
import { unitOfWorkOf } from './unit-of-work';

type CallNode = t.CallExpression | t.OptionalCallExpression;

/** A 'drain' event named in the code: `once(ch, 'drain')`, `ch.once('drain', ...)`, `ch.on('drain', ...)`. */
const DRAIN = /(['"`])drain\1/;
const TRANSPARENT = new Set(['ParenthesizedExpression', 'TSAsExpression', 'TSNonNullExpression', 'TSSatisfiesExpression']);

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
 * waits for no 'drain': it is what the rule needs, and the search follows callers across files.
 */
export function publishPacing(ctx: FileContext, call: CallNode, signal: PublishPacing['signal']): PublishPacing {
  const use = resultUse(ctx.file, call);
  const drain = waitsForDrain(ctx);
  const isCollected = signal === 'promise' && collected(ctx, call);
  // A boolean awaited is not waited for: `await ch.publish(...)` ignores the buffer as much as a bare call.
  const ignored = use === 'ignored' || (signal === 'false-then-drain' && use === 'awaited');
  const method = calleeMethod(call)?.method;
  const repeated = ignored && !drain && !isCollected && method ? unitOfWorkOf(ctx, call, { publish: [method], close: [] }) : undefined;
  // A loop around the publish in its own function that awaits something each time (a confirm, a read, a pause) paces itself.
  const paced = repeated?.kind === 'a loop' && !repeated.via.length && awaitsInLoop(ctx, call);
  if (!repeated || paced) return { signal, waitsForDrain: drain, ...(isCollected ? { collected: true } : {}) };
  return { signal, waitsForDrain: drain, repeated, repeatedBy: repeatedBy(repeated.kind) };
}

/** A handler the broker feeds (consume, event, RPC, 'message'), a request (HTTP, GraphQL), or a loop. */
function repeatedBy(kind: string): NonNullable<PublishPacing['repeatedBy']> {
  if (kind === 'a loop') return 'loop';
  return /consume|event|RPC|'message'/.test(kind) ? 'message' : 'request';
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
