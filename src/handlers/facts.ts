// What a consumer's message handler does with its message (null, acks, rejections, x-death): the handler analysis.
import type * as t from '@babel/types';
import { calleeMethod, memberName, unwrap, type Node } from '../parse/ast';
import { valueOf, type Consumer, type HandlerFacts, type HandlerUse } from '../model';
import type { FileContext } from '../resolve/file-context';
import { callArguments, describe, ELEMENT, isCall, memberKey, messagePath, samePath, sourceParam, type MessageSource } from './message-path';
import { endRejection, namesMessage, rejectRequeue } from './rejections';
import type { HandlerLibrary, MessageParam, RejectCall, ReturnedStatus } from './library';
import { nullCheckOf, throwingNullGuard, unguardedMessageUse } from './null-guard';
import { messageSources, sourceCallee, sourceNodes } from './sources';
import { passedFunction } from './passed-functions';
import { localFunctionOf } from './handler-function';
import { countTest, pastRetryLimit } from './retry-limit';

export type { HandlerLibrary, MessageParam, RejectCall, ReturnedStatus };

/** Where most libraries hand the handler its message: parameter 0. */
const MESSAGE_FIRST: readonly MessageParam[] = [{ index: 0, base: [] }];

/** The x-death header written as a string (`headers['x-death']`, `const X_DEATH = "x-death"`), not in a comment. */
const X_DEATH_STRING = /['"`]x-death['"`]/;
/** Per parsed file, whether its text names the x-death header: tested once per file, not once per handler. */
const namesXDeath = new WeakMap<FileContext['file'], boolean>();

function fileNamesXDeath(file: FileContext['file']): boolean {
  let named = namesXDeath.get(file);
  if (named === undefined) namesXDeath.set(file, (named = X_DEATH_STRING.test(file.text)));
  return named;
}

const LOG_METHODS = new Set(['log', 'info', 'debug', 'warn', 'error', 'trace']);

/** The handler function of a consume call, when it is in this file, and what it does with its message. */
export function consumerHandler(ctx: FileContext, node: Node | undefined, lib: HandlerLibrary): Pick<Consumer, 'handler' | 'handlerFacts'> {
  const fn = localFunctionOf(ctx.file, ctx.resolver.scopes, node);
  if (!fn) return {};
  return { handler: { start: fn.start ?? 0, end: fn.end ?? 0 }, handlerFacts: handlerFacts(ctx, fn, lib) };
}

/** What a consumer's handler does with its message (parameter 0 of `handler`, or the parameters the library names). */
export function handlerFacts(ctx: FileContext, handler: t.Function, lib: HandlerLibrary): HandlerFacts {
  const { file, resolver } = ctx;
  const scopes = resolver.scopes;
  const messageMethods = new Set(['ack', ...Object.keys(lib.rejects).filter((m) => lib.rejects[m].message === 'argument')]);
  const unguarded = lib.nullOnCancel ? unguardedMessageUse(file, scopes, handler, 0, { messageMethods }) : undefined;
  const check = unguarded && nullCheckOf(file, scopes, handler, 0);
  const throwing = lib.nullOnCancel && !unguarded ? throwingNullGuard(file, scopes, handler, 0) : undefined;
  const facts: HandlerFacts = {
    nullOnCancel: lib.nullOnCancel,
    unguardedUse: unguarded && { at: file.span(unguarded.at), what: unguarded.what },
    ...(check ? { nullCheck: { at: file.span(check), what: `checks \`${describe(ctx, check)}\`` } } : {}),
    ...(unguarded?.branch ? { nullBranch: { at: file.span(unguarded.branch), what: `\`${describe(ctx, unguarded.branch)}\`` } } : {}),
    ...(typedNullable(handler) ? { typedNullable: true as const } : {}),
    ...(throwing ? { nullThrow: { at: file.span(throwing), what: `\`${describe(ctx, throwing)}\`` } } : {}),
    xDeathCounts: [],
    republishes: [],
    republishesPastLimit: [],
    republishedHeaders: [],
    deliveryCountReads: [],
    rejections: [],
    acks: [],
    ...(lib.handlerSettles ? { handlerSettles: true as const } : {}),
  };
  const seen = new Set<string>();
  const once = (src: MessageSource, node: Node) => {
    const key = `${src.ctx.file.path}:${node.start}`;
    return !seen.has(key) && !!seen.add(key);
  };
  // A use outside the handler (a helper, here or in another module) says where it is.
  const inHandler = (src: MessageSource, node: Node) => src.ctx === ctx && (node.start ?? 0) >= (handler.start ?? 0) && (node.end ?? 0) <= (handler.end ?? 0);
  const use = (src: MessageSource, node: Node, what: string): HandlerUse => ({
    at: src.ctx.file.span(node),
    what: inHandler(src, node) ? what : `${what} (in ${src.ctx.file.path}:${src.ctx.file.lines.position(node.start ?? 0).line})`,
  });
  const xDeathCount = [...lib.headersPath, 'x-death', ELEMENT, 'count'];
  const countReads: [Node, MessageSource][] = [];
  const republishCalls: [Node, HandlerUse, MessageSource][] = [];
  const deadLetterCalls: [Node, MessageSource][] = [];
  const deliveryCount = [...lib.headersPath, 'x-delivery-count'];
  const sources = messageSources(ctx, handler, lib.params ?? MESSAGE_FIRST);
  const followed = new Set(sources.map((src) => src.fn));
  for (const [node, src] of sourceNodes(sources)) {
    const here = src.ctx;
    const path = readPath(src, node);
    const what = () => (node.type === 'Identifier' ? `destructures ${node.name} from ${destructuredFrom(here, node)}` : `reads ${describe(here, node)}`);
    if (path && samePath(path, xDeathCount) && !isLogged(here, node) && once(src, node)) {
      facts.xDeathCounts.push(use(src, node, what()));
      countReads.push([node, src]);
    }
    else if (path && samePath(path, deliveryCount) && !isLogged(here, node) && once(src, node)) facts.deliveryCountReads.push(use(src, node, what()));
    if (lib.handlerSettles && !facts.escapes) {
      // The delivery tag taken out of the message (`{ deliveryTag: msg.deliveryTag }` in an object handed on) lets code
      // the analysis does not read settle it, as the message itself would.
      const escape = escapeOf(src, node, lib, followed) ?? (path?.[path.length - 1] === 'deliveryTag' && handsOn(here, node) ? { at: node, what: `hands on ${describe(here, node)}, which a settle names` } : undefined);
      if (escape) facts.escapes = use(src, escape.at, escape.what);
    }
    if (src.fn === handler && (node.type === 'ReturnStatement' || node.type === 'ThrowStatement') && once(src, node)) {
      const rejection = endRejection(ctx, handler, node, lib);
      if (rejection) facts.rejections.push(rejection);
      if (rejection && valueOf(rejection.requeue) === false) deadLetterCalls.push([node, src]);
    }
    if (!isCall(node)) continue;
    // A library method the caller passed in (`ack(msg)` with `channel.ack.bind(channel)` given for `ack`).
    const passed = node.callee.type === 'Identifier' ? passedFunction(src, node.callee) : undefined;
    const m = passed?.kind === 'method' ? { object: node.callee as Node, method: passed.method } : calleeMethod(node);
    if (!m) continue;
    const args = callArguments(node);
    const publish = Object.hasOwn(lib.publish, m.method) ? lib.publish[m.method] : undefined;
    if (publish && isContent(src, args[publish.body], lib) && once(src, node)) {
      const republish = use(src, node, describe(here, node));
      facts.republishes.push(republish);
      republishCalls.push([node, republish, src]);
      if (passesHeaders(src, args[publish.options], lib.headersPath)) facts.republishedHeaders.push(use(src, node, `${describe(here, node.callee)}() passes the received headers on`));
    }
    const ack = lib.acks && Object.hasOwn(lib.acks, m.method) ? lib.acks[m.method] : undefined;
    if (ack && namesMessage(src, node, ack) && once(src, node)) facts.acks.push(use(src, node, `${describe(here, node.callee)}()`));
    const reject = Object.hasOwn(lib.rejects, m.method) ? lib.rejects[m.method] : undefined;
    if (reject && namesMessage(src, node, reject) && once(src, node)) {
      const requeue = rejectRequeue(here, args, reject, lib.name);
      facts.rejections.push({ ...use(src, node, `${describe(here, node.callee)}()`), method: reject.as, requeue });
      if (requeue.kind !== 'unknown' && requeue.value === false) deadLetterCalls.push([node, src]);
    }
  }
  // The handler's module (or a helper module it hands the message to) names the x-death header in code: a
  // republish that drops the broker's count matters to it.
  if (sources.some((src) => fileNamesXDeath(src.ctx.file))) facts.xDeathInModule = true;
  // A republish in the block that also dead-letters the message is a copy sent aside: the broker drives the retry.
  for (const [node, republish, src] of republishCalls) {
    const block = blockOf(src.ctx.file, node);
    if (deadLetterCalls.some(([n, s]) => s.ctx === src.ctx && blockOf(s.ctx.file, n) === block)) (facts.republishesBesideDeadLetter ??= []).push(republish);
  }
  // A republish made only once the count has reached its limit moves the message aside (a parking lot): that
  // copy does not come back to be counted.
  if (countReads.length && republishCalls.length) {
    for (const [node, republish, src] of republishCalls) {
      const here = src.ctx;
      // The functions that read the count, other than the one the republish is in (a helper it calls).
      const counting = new Set(countReads.map(([, s]) => s.fn).filter((f) => f !== src.fn));
      const calledFn = (callee: Node) => localFunctionOf(here.file, here.resolver.scopes, callee) ?? functionValue(here, callee);
      // A parameter the count is handed to (`retry(msg, deaths[0].count)`) holds it too.
      const holdsCount = (e: Node) => samePath(messagePath(src, e), xDeathCount);
      const isCount = countTest(here.resolver.scopes, countReads.filter(([, s]) => s.ctx === here).map(([n]) => n), counting, calledFn, holdsCount);
      if (pastRetryLimit(here.file, src.fn, node, isCount)) facts.republishesPastLimit.push(republish);
    }
  }
  return facts;
}

/**
 * The statement list a call runs in: its block, a `case`, the function body of an arrow written as an expression, or
 * a branch written without braces (`if (x) a(); else b();`: each branch is its own).
 */
function blockOf(file: FileContext['file'], node: Node): Node | undefined {
  let child = node;
  for (const a of file.ancestors(node)) {
    if (a.type === 'BlockStatement' || a.type === 'SwitchCase' || a.type === 'Program' || a.type === 'ArrowFunctionExpression') return a;
    const branch = (a.type === 'IfStatement' || a.type === 'ConditionalExpression') && (a.consequent === child || a.alternate === child);
    if (branch || (a.type === 'LogicalExpression' && a.right === child)) return child;
    child = a;
  }
  return undefined;
}

/** Calls that settle many messages at once, on the channel: what they settle is not any one message. */
const BULK_SETTLES = new Set(['ackAll', 'nackAll']);
/** Calls that only read what they are given. */
const READERS = new Set(['JSON.stringify', 'String', 'Number', 'Boolean', 'Buffer.from', 'Object.keys', 'Object.entries', 'Object.values']);

/**
 * Where the message (the whole of it: a source whose parameter is the message) leaves the code the analysis reads,
 * if `node` is such a place: a reference handed to a function not followed (an imported package's, a parameter's
 * callback, an unknown object's method), stored in a variable, field, array or object, returned or emitted; or a
 * bulk settle (`ch.ackAll()`). Reads of its properties, null tests, and the library's settle calls stay in.
 */
function escapeOf(src: MessageSource, node: Node, lib: HandlerLibrary, followed: ReadonlySet<t.Function>): { at: Node; what: string } | undefined {
  const file = src.ctx.file;
  if (isCall(node) && BULK_SETTLES.has(calleeMethod(node)?.method ?? '')) return { at: node, what: `calls ${describe(src.ctx, node.callee)}()` };
  if (node.type !== 'Identifier') return undefined;
  const binding = src.ctx.resolver.scopes.lookup(node.name, node);
  const param = sourceParam(binding, src);
  if (!param || param.base.length || param.via || binding!.id === node) return undefined;
  let child: Node = node;
  let parent = file.parentOf(node);
  while (parent && (parent.type === 'TSAsExpression' || parent.type === 'TSNonNullExpression' || parent.type === 'ParenthesizedExpression' || parent.type === 'AwaitExpression')) {
    child = parent;
    parent = file.parentOf(parent);
  }
  if (!parent) return undefined;
  if (isCall(parent) || parent.type === 'NewExpression') {
    if (parent.callee === child) return undefined;
    const m = parent.type === 'NewExpression' ? undefined : calleeMethod(parent);
    const method = m?.method ?? '';
    const callee = file.source(parent.callee).replace(/\s+/g, '');
    // The library's own settle calls (counted as acks and rejections), also passed in as they are, logging and readers keep it in.
    const passed = parent.type !== 'NewExpression' && parent.callee.type === 'Identifier' ? passedFunction(src, parent.callee) : undefined;
    const settle = passed?.kind === 'method' ? passed.method : method;
    if (Object.hasOwn(lib.rejects, settle) || (lib.acks && Object.hasOwn(lib.acks, settle)) || LOG_METHODS.has(method) || READERS.has(callee)) return undefined;
    // A function the analysis follows (its own reads, settles and escapes count); one it does not (past the depth it
    // reads, or not found) may settle the message.
    const fn = parent.type !== 'NewExpression' ? sourceCallee(src, parent.callee as Node) : undefined;
    if (fn && followed.has(fn.fn)) return undefined;
    return { at: parent, what: `hands ${node.name} to ${callee}()` };
  }
  const stores =
    (parent.type === 'AssignmentExpression' && parent.right === child) ||
    (parent.type === 'VariableDeclarator' && parent.init === child && parent.id.type === 'Identifier') ||
    parent.type === 'ReturnStatement' ||
    parent.type === 'ArrayExpression' ||
    (parent.type === 'ObjectProperty' && parent.value === child) ||
    parent.type === 'SpreadElement' ||
    parent.type === 'YieldExpression' ||
    (parent.type === 'ArrowFunctionExpression' && parent.body === child);
  return stores ? { at: parent, what: `keeps ${node.name} (${describe(src.ctx, parent)})` } : undefined;
}

/** The project function an expression names (imported or local), if the resolver knows it. */
function functionValue(ctx: FileContext, callee: Node): t.Function | undefined {
  const node = unwrap(callee);
  if (node.type !== 'Identifier' && node.type !== 'MemberExpression') return undefined;
  const v = ctx.resolver.resolve(node);
  return v.kind === 'function' ? v.node : undefined;
}

/** The handler's message parameter is typed to admit null (`msg: ConsumeMessage | null`): its author says the library may pass null. */
function typedNullable(handler: t.Function): boolean {
  const param = handler.params[0];
  const id = param?.type === 'AssignmentPattern' ? param.left : param;
  const annotation = id && 'typeAnnotation' in id && id.typeAnnotation?.type === 'TSTypeAnnotation' ? id.typeAnnotation.typeAnnotation : undefined;
  return annotation?.type === 'TSUnionType' && annotation.types.some((x) => x.type === 'TSNullKeyword');
}

/** The message's body: `msg.content`, or a body method of the message (`msg.bodyString()`). */
function isContent(src: MessageSource, arg: Node | undefined, lib: HandlerLibrary, depth = 0): boolean {
  if (samePath(messagePath(src, arg), lib.contentPath)) return true;
  const node = arg && unwrap(arg);
  const m = node && isCall(node) ? calleeMethod(node) : undefined;
  if (m && lib.contentMethods?.includes(m.method) && samePath(messagePath(src, m.object), [])) return true;
  // The content taken apart and put back together (`Buffer.from(JSON.stringify(order))` where `order =
  // JSON.parse(msg.content.toString())`): the same message, re-serialised.
  if (!node || depth > 8) return false;
  if (node.type === 'Identifier') {
    const b = src.ctx.resolver.scopes.lookup(node.name, node);
    return !!b && b.kind === 'const' && !b.path.length && !!b.init && isContent(src, b.init as Node, lib, depth + 1);
  }
  if (!isCall(node)) return false;
  const inner = m?.method === 'toString' ? m.object : SERIALIZERS.has(src.ctx.file.source(node.callee as Node)) ? (node.arguments[0] as Node | undefined) : undefined;
  return isContent(src, inner, lib, depth + 1);
}

/** Calls that turn a message's content into another form of the same data, and back. */
const SERIALIZERS = new Set(['JSON.parse', 'JSON.stringify', 'Buffer.from', 'String']);

/** The message path a member read or a destructured name holds. */
function readPath(src: MessageSource, node: Node): string[] | undefined {
  if (node.type === 'MemberExpression' || node.type === 'OptionalMemberExpression') return messagePath(src, node);
  if (node.type !== 'Identifier') return undefined;
  const binding = src.ctx.resolver.scopes.lookup(node.name, node);
  // A destructured name, where it is declared: `const { count } = deaths[0]`, `deaths.reduce((n, { count }) => ...)`.
  return binding && binding.id === node && binding.path.length ? messagePath(src, node) : undefined;
}

/** What a destructured name is taken from: the declarator's init, or each element of the array a loop or an array callback walks. */
function destructuredFrom(ctx: FileContext, id: Node): string {
  const { file } = ctx;
  const binding = ctx.resolver.scopes.lookup((id as t.Identifier).name, id);
  if (binding?.init) return describe(ctx, binding.init);
  const declaration = binding && file.parentOf(binding.declaration);
  const around = binding?.kind === 'param' ? binding.fn && file.parentOf(binding.fn) : declaration && file.parentOf(declaration);
  const array = around && isCall(around) ? calleeMethod(around)?.object : around?.type === 'ForOfStatement' ? around.right : undefined;
  return array ? `each element of ${describe(ctx, array)}` : describe(ctx, id);
}

/** The publish options carry the received headers unchanged: `msg.properties`, `{ headers: msg.properties.headers }`. */
function passesHeaders(src: MessageSource, options: Node | undefined, headersPath: string[]): boolean {
  if (!options) return false;
  const node = unwrap(options);
  const propertiesPath = headersPath.slice(0, -1);
  if (samePath(messagePath(src, node), propertiesPath)) return true;
  if (node.type !== 'ObjectExpression') return false;
  const headersKey = headersPath[headersPath.length - 1];
  let headers: Node | undefined;
  let spreadsProperties = false;
  for (const p of node.properties) {
    if (p.type === 'SpreadElement') spreadsProperties ||= samePath(messagePath(src, p.argument), propertiesPath);
    else if (p.type === 'ObjectProperty' && !p.computed && memberKey(p) === headersKey) headers = p.value as Node;
  }
  if (!headers) return spreadsProperties;
  const value = unwrap(headers);
  if (samePath(messagePath(src, value), headersPath)) return true;
  // `{ ...msg.properties.headers }` with nothing added: the same headers.
  return value.type === 'ObjectExpression' && value.properties.length === 1 && value.properties[0].type === 'SpreadElement' && samePath(messagePath(src, value.properties[0].argument), headersPath);
}

/** A value handed on or kept as it is: a call's argument (not a logging call's), an object's or array's entry, assigned or declared. */
function handsOn(ctx: FileContext, node: Node): boolean {
  let child = node;
  let parent = ctx.file.parentOf(node);
  while (parent && (parent.type === 'TSAsExpression' || parent.type === 'TSNonNullExpression' || parent.type === 'ParenthesizedExpression')) [child, parent] = [parent, ctx.file.parentOf(parent)];
  if (!parent) return false;
  if (isCall(parent) || parent.type === 'NewExpression') return parent.callee !== child && !isLogged(ctx, node);
  return (parent.type === 'ObjectProperty' && parent.value === child) || parent.type === 'ArrayExpression' || (parent.type === 'AssignmentExpression' && parent.right === child) || (parent.type === 'VariableDeclarator' && parent.init === child);
}

/** Only handed to a logging call: `console.log(..., deaths[0].count)`, `logger.warn(...)`. */
function isLogged(ctx: FileContext, node: Node): boolean {
  let child = node;
  for (const parent of ctx.file.ancestors(node)) {
    if (isCall(parent) && parent.arguments.includes(child as never)) {
      const callee = unwrap(parent.callee);
      const method = callee.type === 'MemberExpression' ? memberName(callee) : undefined;
      return !!method && LOG_METHODS.has(method);
    }
    if (parent.type.endsWith('Statement') || parent.type === 'VariableDeclarator') return false;
    child = parent;
  }
  return false;
}
