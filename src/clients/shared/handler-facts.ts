import type * as t from '@babel/types';
import { calleeMethod, memberName, unwrap, type Node } from '../../parse/ast';
import { defaulted, known, unknown, type HandlerFacts, type HandlerUse, type Resolved } from '../../model';
import type { FileContext } from '../types';
import { callArguments, ELEMENT, isCall, messagePath, samePath, type MessageSource } from './handler-message-path';
import { unguardedMessageUse } from './handler-null-guard';
import { messageSources, sourceNodes } from './handler-sources';

/** How a library hands messages to a handler and takes them back: what the facts depend on. */
export interface HandlerLibrary {
  name: string;
  /** The library calls the handler with null when the broker cancels the consumer. */
  nullOnCancel: boolean;
  /** The message's headers, as a path from the message (amqplib: properties.headers). */
  headersPath: string[];
  /** The message's body, as a path from the message (amqplib: content). */
  contentPath: string[];
  /** Publish methods and the position of their options argument (which carries `headers`); the body comes just before it. */
  publishOptionsAt: Record<string, number>;
  /** nack / reject: the position of their requeue argument and its default. */
  requeueAt: Partial<Record<'nack' | 'reject', { index: number; default: boolean }>>;
}

const LOG_METHODS = new Set(['log', 'info', 'debug', 'warn', 'error', 'trace']);

/** What a consumer's handler (parameter 0 of `handler`) does with its message. */
export function handlerFacts(ctx: FileContext, handler: t.Function, lib: HandlerLibrary): HandlerFacts {
  const { file, resolver } = ctx;
  const scopes = resolver.scopes;
  const messageMethods = new Set(['ack', ...Object.keys(lib.requeueAt)]);
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
    if (!isCall(node)) continue;
    const m = calleeMethod(node);
    if (!m) continue;
    const args = callArguments(node);
    const optionsAt = Object.hasOwn(lib.publishOptionsAt, m.method) ? lib.publishOptionsAt[m.method] : undefined;
    if (optionsAt !== undefined && samePath(messagePath(scopes, src, args[optionsAt - 1]), lib.contentPath) && once(node)) {
      facts.republishes.push(use(node, describe(ctx, node)));
      if (passesHeaders(ctx, src, args[optionsAt], lib.headersPath)) facts.republishedHeaders.push(use(node, `${describe(ctx, node.callee)}() passes the received headers on`));
    }
    const requeue = Object.hasOwn(lib.requeueAt, m.method) ? lib.requeueAt[m.method as 'nack' | 'reject'] : undefined;
    if (requeue && src.base.length === 0 && samePath(messagePath(scopes, src, args[0]), []) && once(node)) {
      facts.rejections.push({ ...use(node, `${describe(ctx, node.callee)}()`), method: m.method as 'nack' | 'reject', requeue: readRequeue(ctx, args[requeue.index], requeue.default, lib.name) });
    }
  }
  return facts;
}

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

const describe = (ctx: FileContext, node: Node): string => {
  const text = ctx.file.source(node).replace(/\s+/g, ' ');
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
};
