// Evidence instead of silence: a channel call whose receiver the tracker cannot follow, but whose shape is
// unmistakably amqplib's (`x.consume(queue, handler, { noAck })`, `x.prefetch(10)`), in a project that uses
// amqplib or amqp-connection-manager. Other libraries' consume / publish / subscribe calls have other shapes.
import type * as t from '@babel/types';
import { calleeMethod, isFunction, unwrap, type Node } from '../../parse/ast';
import { shared, type FileContext } from '../../resolve/file-context';
import { placeKey } from '../../resolve/objects/traced';
import type { Located } from '../../resolve/contracts';
import { ACM } from './shapes';
import { untraceable } from '../model-builders/inferred-receiver';

type CallNode = t.CallExpression | t.OptionalCallExpression;

/** A channel taken from a call's shape: its client, an identity shared by calls on the same receiver, and why. */
export interface UntracedChannel {
  client: 'amqplib' | typeof ACM;
  key: string;
  confirm: 'unknown';
  untraced: string;
  /** The receiver is a channel the function opens itself (`const ch = await conn.createChannel()`): only a prefetch set on it applies. */
  ownChannel?: true;
  /** Where that function opens it (with ownChannel). */
  madeAt?: Located;
}

/** What each call must look like to be taken as an amqplib channel call (argument count and kinds). */
const SHAPES: Record<string, (args: Node[]) => boolean> = {
  // assertQueue(name?, options?, cb?): only amqplib and amqp-connection-manager have it.
  assertQueue: (a) => a.length <= 3 && (a.length === 0 || isValue(a[0])),
  // consume(queue, onMessage, options?): node-rdkafka's consume(count, cb) and NATS's consume(options) differ.
  consume: (a) => a.length >= 2 && a.length <= 3 && isValue(a[0]) && !isNumber(a[0]) && isCallable(a[1]) && (a.length < 3 || isOptions(a[2])),
  // prefetch(count, global?): a number, never a string or an object.
  prefetch: (a) => a.length >= 1 && a.length <= 2 && isNumeric(a[0]),
  qos: (a) => a.length >= 1 && a.length <= 2 && isNumeric(a[0]),
  // sendToQueue(queue, content, options?): no other library has the method.
  sendToQueue: (a) => a.length >= 2 && a.length <= 3 && isValue(a[0]) && isValue(a[1]) && (a.length < 3 || isOptions(a[2])),
  // publish(exchange, routingKey, content, options?): Redis's and NATS's publish take one or two arguments.
  publish: (a) => a.length >= 3 && a.length <= 4 && a.slice(0, 3).every(isValue) && (a.length < 4 || isOptions(a[3])),
};

/**
 * The channel a call is made on when the tracker cannot follow its receiver (a channel kept under a
 * computed key, made by code outside the project, bound with `.bind(this)`), if the call's shape and the
 * project's use of the library say it is one.
 */
export function untracedChannel(ctx: FileContext, call: CallNode): UntracedChannel | undefined {
  const m = calleeMethod(call);
  const project = ctx.resolver.project;
  if (!m || !project) return undefined;
  const shape = SHAPES[m.method];
  if (!shape) return undefined;
  const args = call.arguments.filter((a) => a.type !== 'SpreadElement' && a.type !== 'ArgumentPlaceholder') as Node[];
  if (args.length !== call.arguments.length || !shape(args)) return undefined;
  const receiver = ctx.file.source(m.object).replace(/\s+/g, '');
  const key = `untraced:${scopeOf(ctx, m.object)}:${receiver}`;
  const named = project.packages.has('amqplib') ? 'amqplib' : project.packages.has(ACM) ? ACM : undefined;
  // A library handed its channel (`setup(channel)`, `new Rpc(channel)`) may name no client at all (or only as a peer or
  // dev dependency the manifest does not show): the same receiver's amqplib-only calls (assertQueue, sendToQueue, ...) say it.
  // The call itself is no evidence of itself: another amqplib-only call on the receiver must say so.
  const others = (amqplibOnlyReceivers(ctx).get(key) ?? 0) - (AMQPLIB_ONLY.has(m.method) ? 1 : 0);
  const uses = named ?? (others > 0 ? 'amqplib' : undefined);
  if (!uses || !untraceable(ctx, m.object, m.method)) return undefined;
  const why = named ? `the call's shape and the project's use of ${uses} say it is one` : "the call's shape and the calls on it that only amqplib's channels have say it is one";
  const shown = receiver.length > 40 ? `${receiver.slice(0, 39)}…` : receiver;
  const opened = openedHere(ctx, m.object);
  return {
    client: uses,
    key,
    confirm: 'unknown',
    untraced: opened ? `the receiver \`${shown}\` is a channel this function opens (\`${opened.text}\`) on a connection that is not traced; ${why}` : `the receiver \`${shown}\` is not traced to a channel; ${why}`,
    ...(opened ? { ownChannel: true as const, madeAt: { node: opened.call, ctx } } : {}),
  };
}

/** `ch` where `const ch = await conn.createChannel()` in this function (whatever `conn` is): the channel opened there, as written. */
function openedHere(ctx: FileContext, receiver: Node): { text: string; call: Node } | undefined {
  const node = unwrap(receiver);
  if (node.type !== 'Identifier') return undefined;
  const b = ctx.resolver.scopes.lookup(node.name, node);
  if (!b || b.kind !== 'const' || b.path.length || !b.init) return undefined;
  // unwrap() looks through the `await`.
  const call = unwrap(b.init as Node);
  const m = call.type === 'CallExpression' || call.type === 'OptionalCallExpression' ? calleeMethod(call) : undefined;
  return m && (m.method === 'createChannel' || m.method === 'createConfirmChannel') ? { text: `${ctx.file.source(m.object).replace(/\s+/g, '')}.${m.method}()`, call } : undefined;
}

/** Methods only amqplib's channels (and amqp-connection-manager's wrappers of them) have. */
const AMQPLIB_ONLY = new Set(['assertQueue', 'checkQueue', 'sendToQueue', 'bindQueue', 'assertExchange']);

/** How many calls of amqplib-only methods this file makes on each receiver (as untraced channel keys), read once per file. */
function amqplibOnlyReceivers(ctx: FileContext): Map<string, number> {
  return shared(ctx, 'amqplib-only-receivers', () => {
    const counts = new Map<string, number>();
    for (const node of ctx.file.nodes) {
      const m = (node.type === 'CallExpression' || node.type === 'OptionalCallExpression') && calleeMethod(node);
      if (!m || !AMQPLIB_ONLY.has(m.method)) continue;
      const key = `untraced:${scopeOf(ctx, m.object)}:${ctx.file.source(m.object).replace(/\s+/g, '')}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    return counts;
  });
}

/** Calls on the same receiver share a channel: a local variable's binding, `this.x` in one class, else one function. */
function scopeOf(ctx: FileContext, receiver: Node): string {
  const root = rootOf(receiver);
  if (root.type === 'Identifier') {
    const b = ctx.resolver.scopes.lookup(root.name, root);
    if (b) return placeKey(ctx, b.id);
  }
  if (root.type === 'ThisExpression') {
    const cls = ctx.file.enclosingClass(receiver);
    if (cls) return placeKey(ctx, cls);
  }
  for (const a of ctx.file.ancestors(receiver)) if (isFunction(a)) return placeKey(ctx, a);
  return `${ctx.file.path}#`;
}

function rootOf(node: Node): Node {
  let n = unwrap(node);
  while (n.type === 'MemberExpression' || n.type === 'OptionalMemberExpression' || n.type === 'CallExpression') n = unwrap(n.type === 'CallExpression' ? (n.callee as Node) : (n.object as Node));
  return n;
}

const isFn = (n: Node) => isFunction(unwrap(n));
const isValue = (n: Node) => !isFn(n) && unwrap(n).type !== 'ObjectExpression';
const isNumber = (n: Node) => unwrap(n).type === 'NumericLiteral';
/** A handler: a function, a name of one, `f.bind(this)`, or a factory's call that makes one (`makeHandler(deps)`). */
const isCallable = (n: Node) => {
  const u = unwrap(n);
  return isFunction(u) || u.type === 'Identifier' || u.type === 'MemberExpression' || u.type === 'CallExpression';
};
const isOptions = (n: Node) => {
  const u = unwrap(n);
  return u.type === 'ObjectExpression' || u.type === 'Identifier' || u.type === 'MemberExpression';
};
const isNumeric = (n: Node) => {
  const u = unwrap(n);
  return !isFn(u) && !['ObjectExpression', 'StringLiteral', 'TemplateLiteral', 'ArrayExpression', 'BooleanLiteral', 'NullLiteral'].includes(u.type);
};
