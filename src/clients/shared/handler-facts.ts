import type * as t from '@babel/types';
import { calleeMethod, isFunction, memberName, unwrap, type Node } from '../../parse/ast';
import { defaulted, known, unknown, type Consumer, type HandlerFacts, type HandlerUse, type Resolved } from '../../model';
import type { FileContext } from '../types';
import { callArguments, ELEMENT, isCall, messagePath, samePath, type MessageSource } from './handler-message-path';
import { unguardedMessageUse } from './handler-null-guard';
import { messageSources, sourceNodes } from './handler-sources';
import { localFunctionOf } from './handler-function';

/** How a library hands messages to a handler and takes them back: what the facts depend on. */
export interface HandlerLibrary {
  name: string;
  /** The library calls the handler with null when the broker cancels the consumer. */
  nullOnCancel: boolean;
  /** The message's headers, as a path from the message (amqplib: properties.headers). */
  headersPath: string[];
  /** The message's body, as a path from the message (amqplib: content). */
  contentPath: string[];
  /** Methods on the message that return its body (@cloudamqp: bodyString()), besides contentPath. */
  contentMethods?: string[];
  /** Publish methods and the positions of their body and their options (which carry `headers`). */
  publish: Record<string, { body: number; options: number }>;
  /** The calls that nack or reject the message, by method name. */
  rejects: Record<string, RejectCall>;
  /** What the handler's return value does (rabbitmq-client's createConsumer): requeue flag by returned value. */
  returns?: ReturnedStatus;
  /** The requeue flag of the nack the library sends when the handler throws; undefined if it does not nack. */
  throwRequeue?: Resolved<boolean>;
}

/** A call that nacks or rejects the message, and where it takes the message and the requeue flag. */
export interface RejectCall {
  /** The AMQP method it sends: basic.nack or basic.reject. */
  as: 'nack' | 'reject';
  /**
   * Where the message is named: argument 0 (`ch.nack(msg)`), the object called (`msg.nack()`), or its
   * delivery tag in argument 0 (`ch.basicNack(msg.deliveryTag)`, `ch.basicNack({ deliveryTag: msg.deliveryTag })`).
   */
  message: 'argument' | 'receiver' | 'delivery-tag';
  /** The requeue flag: a positional argument, or an option of the object in argument 0. */
  requeue: { index: number; default: boolean } | { option: string; default: boolean };
}

/** Returned values that nack, by enum member name (`ConsumerStatus.REQUEUE`) or number, with their requeue flag. */
export type ReturnedStatus = Record<string, boolean>;

const LOG_METHODS = new Set(['log', 'info', 'debug', 'warn', 'error', 'trace']);

/** The handler function of a consume call, when it is in this file, and what it does with its message. */
export function consumerHandler(ctx: FileContext, node: Node | undefined, lib: HandlerLibrary): Pick<Consumer, 'handler' | 'handlerFacts'> {
  const fn = localFunctionOf(ctx.file, ctx.resolver.scopes, node);
  if (!fn) return {};
  return { handler: { start: fn.start ?? 0, end: fn.end ?? 0 }, handlerFacts: handlerFacts(ctx, fn, lib) };
}

/** What a consumer's handler (parameter 0 of `handler`) does with its message. */
export function handlerFacts(ctx: FileContext, handler: t.Function, lib: HandlerLibrary): HandlerFacts {
  const { file, resolver } = ctx;
  const scopes = resolver.scopes;
  const messageMethods = new Set(['ack', ...Object.keys(lib.rejects).filter((m) => lib.rejects[m].message === 'argument')]);
  const unguarded = lib.nullOnCancel ? unguardedMessageUse(file, scopes, handler, 0, { messageMethods }) : undefined;
  const facts: HandlerFacts = {
    nullOnCancel: lib.nullOnCancel,
    unguardedUse: unguarded && { at: file.span(unguarded.at), what: unguarded.what },
    xDeathCounts: [],
    republishes: [],
    republishedHeaders: [],
    deliveryCountReads: [],
    rejections: [],
  };
  const seen = new Set<number>();
  const once = (node: Node) => !seen.has(node.start!) && !!seen.add(node.start!);
  const use = (node: Node, what: string): HandlerUse => ({ at: file.span(node), what });
  const xDeathCount = [...lib.headersPath, 'x-death', ELEMENT, 'count'];
  const deliveryCount = [...lib.headersPath, 'x-delivery-count'];
  for (const [node, src] of sourceNodes(file, messageSources(file, scopes, handler, 0))) {
    const path = readPath(ctx, src, node);
    const what = () => (node.type === 'Identifier' ? `destructures ${node.name} from ${describe(ctx, destructuredFrom(ctx, node))}` : `reads ${describe(ctx, node)}`);
    if (path && samePath(path, xDeathCount) && !isLogged(ctx, node) && once(node)) facts.xDeathCounts.push(use(node, what()));
    else if (path && samePath(path, deliveryCount) && !isLogged(ctx, node) && once(node)) facts.deliveryCountReads.push(use(node, what()));
    if (src.fn === handler && (node.type === 'ReturnStatement' || node.type === 'ThrowStatement') && once(node)) {
      const rejection = endRejection(ctx, handler, node, lib);
      if (rejection) facts.rejections.push(rejection);
    }
    if (!isCall(node)) continue;
    const m = calleeMethod(node);
    if (!m) continue;
    const args = callArguments(node);
    const publish = Object.hasOwn(lib.publish, m.method) ? lib.publish[m.method] : undefined;
    if (publish && isContent(ctx, src, args[publish.body], lib) && once(node)) {
      facts.republishes.push(use(node, describe(ctx, node)));
      if (passesHeaders(ctx, src, args[publish.options], lib.headersPath)) facts.republishedHeaders.push(use(node, `${describe(ctx, node.callee)}() passes the received headers on`));
    }
    const reject = Object.hasOwn(lib.rejects, m.method) ? lib.rejects[m.method] : undefined;
    if (reject && src.base.length === 0 && namesMessage(ctx, src, node, reject) && once(node)) {
      facts.rejections.push({ ...use(node, `${describe(ctx, node.callee)}()`), method: reject.as, requeue: rejectRequeue(ctx, args, reject, lib.name) });
    }
  }
  return facts;
}

/** The message's body: `msg.content`, or a body method of the message (`msg.bodyString()`). */
function isContent(ctx: FileContext, src: MessageSource, arg: Node | undefined, lib: HandlerLibrary): boolean {
  const scopes = ctx.resolver.scopes;
  if (samePath(messagePath(scopes, src, arg), lib.contentPath)) return true;
  const node = arg && unwrap(arg);
  const m = node && isCall(node) ? calleeMethod(node) : undefined;
  return !!m && !!lib.contentMethods?.includes(m.method) && samePath(messagePath(scopes, src, m.object), []);
}

/** The reject call names the handler's message where the library expects it. */
function namesMessage(ctx: FileContext, src: MessageSource, call: t.CallExpression | t.OptionalCallExpression, reject: RejectCall): boolean {
  const scopes = ctx.resolver.scopes;
  const [first] = callArguments(call);
  if (reject.message === 'argument') return samePath(messagePath(scopes, src, first), []);
  if (reject.message === 'receiver') return samePath(messagePath(scopes, src, calleeMethod(call)?.object), []);
  const tag = first && unwrap(first);
  if (samePath(messagePath(scopes, src, tag), ['deliveryTag'])) return true;
  const value = tag?.type === 'ObjectExpression' ? propertyValue(tag, 'deliveryTag') : undefined;
  return samePath(messagePath(scopes, src, value), ['deliveryTag']);
}

function rejectRequeue(ctx: FileContext, args: (Node | undefined)[], reject: RejectCall, library: string): Resolved<boolean> {
  const flag = reject.requeue;
  if ('index' in flag) return readRequeue(ctx, args[flag.index], flag.default, library);
  const options = args[0] && unwrap(args[0]);
  if (options?.type !== 'ObjectExpression') return unknown('the nack options are not written here', options && ctx.file.span(options));
  if (options.properties.some((p) => p.type !== 'ObjectProperty')) return unknown('the nack options are spread from elsewhere', ctx.file.span(options));
  return readRequeue(ctx, propertyValue(options, flag.option), flag.default, library);
}

/**
 * A `return` or `throw` that ends the handler itself with a nack: a returned status the library
 * nacks on (`return ConsumerStatus.REQUEUE`), or a throw not caught inside the handler when the
 * library nacks a handler that throws.
 */
function endRejection(ctx: FileContext, handler: t.Function, node: t.ReturnStatement | t.ThrowStatement, lib: HandlerLibrary): HandlerFacts['rejections'][number] | undefined {
  const { file } = ctx;
  if (enclosingFunction(ctx, node) !== handler) return undefined;
  if (node.type === 'ThrowStatement') {
    if (!lib.throwRequeue || caughtInside(ctx, handler, node)) return undefined;
    return { at: file.span(node), what: `${statement(ctx, node)} (${lib.name} nacks a handler that throws)`, method: 'nack', requeue: lib.throwRequeue };
  }
  const status = node.argument && lib.returns ? returnedStatus(ctx, node.argument, lib.returns) : undefined;
  if (status === undefined) return undefined;
  return { at: file.span(node), what: statement(ctx, node), method: 'nack', requeue: known(status, file.span(node.argument!)) };
}

function returnedStatus(ctx: FileContext, arg: Node, statuses: ReturnedStatus): boolean | undefined {
  const node = unwrap(arg);
  const name = node.type === 'MemberExpression' ? memberName(node) : undefined;
  if (name !== undefined) return Object.hasOwn(statuses, name) ? statuses[name] : undefined;
  const v = ctx.resolver.resolve(node);
  const key = v.kind === 'literal' && typeof v.value === 'number' ? String(v.value) : undefined;
  return key !== undefined && Object.hasOwn(statuses, key) ? statuses[key] : undefined;
}

function enclosingFunction(ctx: FileContext, node: Node): Node | undefined {
  for (const a of ctx.file.ancestors(node)) if (isFunction(a)) return a;
  return undefined;
}

/** Thrown inside a try block of the handler with a catch: the catch decides (a throw in it is a throw of its own). */
function caughtInside(ctx: FileContext, handler: t.Function, node: Node): boolean {
  let child = node;
  for (const parent of ctx.file.ancestors(node)) {
    if (parent === handler) return false;
    if (parent.type === 'TryStatement' && parent.block === child && parent.handler) return true;
    child = parent;
  }
  return false;
}

const propertyValue = (obj: t.ObjectExpression, key: string): Node | undefined => {
  const p = obj.properties.find((q): q is t.ObjectProperty => q.type === 'ObjectProperty' && !q.computed && memberKey(q) === key);
  return p?.value as Node | undefined;
};

/** The message path a member read or a destructured name holds. */
function readPath(ctx: FileContext, src: MessageSource, node: Node): string[] | undefined {
  const scopes = ctx.resolver.scopes;
  if (node.type === 'MemberExpression' || node.type === 'OptionalMemberExpression') return messagePath(scopes, src, node);
  if (node.type !== 'Identifier') return undefined;
  const binding = scopes.lookup(node.name, node);
  // A destructured name, where it is declared: `const { count } = deaths[0]`.
  return binding && binding.id === node && binding.kind !== 'param' && binding.path.length ? messagePath(scopes, src, node) : undefined;
}

/** The value a destructured name is taken from (the declarator's init), or the name itself. */
function destructuredFrom(ctx: FileContext, id: Node): Node {
  const binding = ctx.resolver.scopes.lookup((id as t.Identifier).name, id);
  return binding?.init ?? id;
}

/** The publish options carry the received headers unchanged: `msg.properties`, `{ headers: msg.properties.headers }`. */
function passesHeaders(ctx: FileContext, src: MessageSource, options: Node | undefined, headersPath: string[]): boolean {
  if (!options) return false;
  const scopes = ctx.resolver.scopes;
  const node = unwrap(options);
  const propertiesPath = headersPath.slice(0, -1);
  if (samePath(messagePath(scopes, src, node), propertiesPath)) return true;
  if (node.type !== 'ObjectExpression') return false;
  const headersKey = headersPath[headersPath.length - 1];
  let headers: Node | undefined;
  let spreadsProperties = false;
  for (const p of node.properties) {
    if (p.type === 'SpreadElement') spreadsProperties ||= samePath(messagePath(scopes, src, p.argument), propertiesPath);
    else if (p.type === 'ObjectProperty' && !p.computed && memberKey(p) === headersKey) headers = p.value as Node;
  }
  if (!headers) return spreadsProperties;
  const value = unwrap(headers);
  if (samePath(messagePath(scopes, src, value), headersPath)) return true;
  // `{ ...msg.properties.headers }` with nothing added: the same headers.
  return value.type === 'ObjectExpression' && value.properties.length === 1 && value.properties[0].type === 'SpreadElement' && samePath(messagePath(scopes, src, value.properties[0].argument), headersPath);
}

const memberKey = (p: t.ObjectProperty): string | undefined => (p.key.type === 'Identifier' ? p.key.name : p.key.type === 'StringLiteral' ? p.key.value : undefined);

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

function readRequeue(ctx: FileContext, arg: Node | undefined, fallback: boolean, library: string): Resolved<boolean> {
  if (!arg) return defaulted(fallback, library);
  const v = ctx.resolver.resolve(arg);
  if (v.kind === 'literal') return v.value === undefined ? defaulted(fallback, library) : known(Boolean(v.value), ctx.file.span(arg));
  return v.kind === 'unknown' ? unknown(v.reason, ctx.file.span(arg)) : known(true, ctx.file.span(arg));
}

const statement = (ctx: FileContext, node: Node): string => describe(ctx, node).replace(/;$/, '');

const describe = (ctx: FileContext, node: Node): string => {
  const text = ctx.file.source(node).replace(/\s+/g, ' ');
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
};
