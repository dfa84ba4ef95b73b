// Whether a publish's channel is opened anew by each run of the code that publishes on it (a function that
// opens a channel, sends a message or a batch and closes or drops it): its buffer holds only what that run sends.
import type * as t from '@babel/types';
import { calleeMethod, isCall, isFunction, unwrap, type Node, type ParsedFile } from '../../parse/ast';
import type { Located } from '../../resolve/contracts';
import type { FileContext } from '../../resolve/file-context';

const LOOPS = new Set(['ForStatement', 'ForInStatement', 'ForOfStatement', 'WhileStatement', 'DoWhileStatement']);

const within = (outer: Node, inner: Node): boolean => (outer.start ?? 0) <= (inner.start ?? 0) && (inner.end ?? 0) <= (outer.end ?? 0);

/** The call that makes the object: the call itself, or the call a callback parameter receives it from (`conn.createChannel((err, ch) => ...)`). */
function makingCall(file: ParsedFile, made: Node): Node | undefined {
  if (isCall(made) || made.type === 'NewExpression' || made.type === 'AwaitExpression') return made;
  const fn = file.parentOf(made);
  if (!fn || !isFunction(fn) || !((fn as t.Function).params as Node[]).includes(made)) return undefined;
  const call = file.parentOf(fn);
  return call && isCall(call) && (call.arguments as Node[]).includes(fn) ? call : undefined;
}

/**
 * The channel is made in the same run of a function as the publish: walking out from the publish, the first
 * node that holds the making call is inside a function, and no loop and no other function lies between (a
 * callback of the making call itself or of its `.then` is the same run). A channel made at start-up, in
 * another function, or once outside a loop that publishes many messages, is not.
 */
export function channelOpenedPerRun(ctx: FileContext, call: Node, madeAt: Located | undefined): boolean {
  if (!madeAt || madeAt.ctx.file.path !== ctx.file.path) return false;
  const { file } = ctx;
  const made = makingCall(file, madeAt.node);
  if (!made) return false;
  for (const a of file.ancestors(call)) {
    if (within(a, made)) return a.type !== 'Program' && [a, ...file.ancestors(a)].some(isFunction);
    if (LOOPS.has(a.type)) return false;
    if (isFunction(a)) {
      const parent = file.parentOf(a);
      if (!parent || !within(parent, made)) return false;
    }
  }
  return false;
}

/**
 * The publish's receiver is a channel of this run of `fn`: a variable declared in it (not a parameter), assigned
 * there from a call (`channel = await this.connections.createChannel(connection)`, whatever makes it), and closed
 * there (`finally { await channel.close(); }`). Such a channel's buffer holds only what this run sends on it.
 */
export function channelOfThisRun(ctx: FileContext, call: Node, fn: t.Function): boolean {
  const m = isCall(call) ? calleeMethod(call) : undefined;
  const receiver = m && unwrap(m.object);
  if (receiver?.type !== 'Identifier') return false;
  const b = ctx.resolver.scopes.lookup(receiver.name, receiver);
  if (!b || b.kind === 'param' || !within(fn, b.id)) return false;
  const { file } = ctx;
  const isMade = (value: Node | null | undefined) => !!value && isCall(unwrap(value));
  let made = isMade(b.init as Node | undefined);
  let closed = false;
  for (const n of file.nodesUnder(fn)) {
    if (n.type === 'AssignmentExpression' && n.left.type === 'Identifier' && n.left.name === receiver.name && ctx.resolver.scopes.lookup(n.left.name, n.left) === b) made ||= isMade(n.right as Node);
    if (!isCall(n)) continue;
    const c = calleeMethod(n);
    const on = c && unwrap(c.object);
    if (c?.method === 'close' && on?.type === 'Identifier' && on.name === receiver.name && ctx.resolver.scopes.lookup(on.name, on) === b) closed = true;
  }
  return made && closed;
}
