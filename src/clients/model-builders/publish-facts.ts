// What a publish sends and where: body size, route, mandatory flag, a reply to a received message.
import type * as t from '@babel/types';
import { memberName, unwrap, type Node } from '../../parse/ast';
import { defaulted, known, unknown, type PublishRoute, type Resolved } from '../../model';
import type { FileContext } from '../../resolve/file-context';
import type { ObjectValue } from '../../resolve/values';
import { readString } from './resolved';

const MAX_DEPTH = 8;
const ALLOC = /^Buffer\.(alloc|allocUnsafe|allocUnsafeSlow)$/;
const TYPED = new Set(['Uint8Array', 'ArrayBuffer', 'Int8Array', 'Uint8ClampedArray']);

/**
 * The size in bytes of a message body, when the code settles it: `Buffer.alloc(n)` (and
 * allocUnsafe, `new Uint8Array(n)`), `Buffer.from(s)` / `s` for a string known in full, and
 * `s.repeat(n)`, through local constants. Undefined when the size is not settled by the code:
 * such a body is never reported.
 */
export function payloadBytes(ctx: FileContext, node: Node | undefined): Resolved<number> | undefined {
  if (!node) return undefined;
  const bytes = sizeOf(ctx, node, 0);
  return bytes === undefined ? undefined : known(bytes, ctx.file.span(node));
}

function sizeOf(ctx: FileContext, expr: Node, depth: number): number | undefined {
  if (depth > MAX_DEPTH) return undefined;
  const node = unwrap(expr);
  if (node.type === 'Identifier') {
    const binding = ctx.resolver.scopes.lookup(node.name, node);
    if (binding?.kind === 'const' && binding.init && binding.path.length === 0) return sizeOf(ctx, binding.init, depth + 1);
    return stringBytes(ctx, node);
  }
  if (node.type === 'NewExpression' && node.callee.type === 'Identifier' && TYPED.has(node.callee.name)) return count(ctx, node.arguments[0] as Node | undefined);
  if (node.type === 'CallExpression') {
    const callee = ctx.file.source(node.callee).replace(/\s+/g, '');
    if (ALLOC.test(callee)) return count(ctx, node.arguments[0] as Node | undefined);
    if (callee === 'Buffer.from' && node.arguments.length === 1) return sizeOf(ctx, node.arguments[0] as Node, depth + 1);
    if (node.callee.type === 'MemberExpression' && memberName(node.callee) === 'repeat' && node.arguments.length === 1) {
      const unit = stringBytes(ctx, node.callee.object as Node);
      const times = count(ctx, node.arguments[0] as Node);
      return unit === undefined || times === undefined ? undefined : unit * times;
    }
    return undefined;
  }
  return stringBytes(ctx, node);
}

/** A whole, non-negative number the code settles (e.g. `20 * 1024 * 1024`, a constant). */
function count(ctx: FileContext, node: Node | undefined): number | undefined {
  if (!node) return undefined;
  const v = ctx.resolver.resolve(node);
  return v.kind === 'literal' && typeof v.value === 'number' && Number.isInteger(v.value) && v.value >= 0 ? v.value : undefined;
}

function stringBytes(ctx: FileContext, node: Node): number | undefined {
  const v = ctx.resolver.resolve(node);
  return v.kind === 'literal' && typeof v.value === 'string' ? Buffer.byteLength(v.value) : undefined;
}

/**
 * True if `node` is the `replyTo` property of a message (`msg.properties.replyTo`, or a constant
 * taken from it): the queue an RPC requester asked for the reply on.
 */
export function isReplyToOfReceived(ctx: FileContext, expr: Node | undefined, depth = 0): boolean {
  if (!expr || depth > MAX_DEPTH) return false;
  const node = unwrap(expr);
  if (node.type === 'MemberExpression' || node.type === 'OptionalMemberExpression') return memberName(node as t.MemberExpression) === 'replyTo';
  if (node.type !== 'Identifier') return false;
  const binding = ctx.resolver.scopes.lookup(node.name, node);
  if (!binding || binding.kind !== 'const' || !binding.init) return false;
  if (binding.path.length) return binding.path[binding.path.length - 1] === 'replyTo';
  return isReplyToOfReceived(ctx, binding.init, depth + 1);
}

/** A string argument of a publish or bind call (an exchange, routing key or queue name). */
export function stringArg(ctx: FileContext, node: Node | undefined, fallback: string, library: string): Resolved<string> {
  if (!node) return defaulted(fallback, library);
  return readString(ctx.file, ctx.resolver.resolve(node), ctx.file.span(node));
}

/** Where a publish goes: an exchange and a routing key (a send to a queue is exchange ''). */
export function routeOf(ctx: FileContext, exchange: Resolved<string>, routingKeyNode: Node | undefined, library: string): PublishRoute {
  return { exchange, routingKey: stringArg(ctx, routingKeyNode, '', library), replyToOfReceived: isReplyToOfReceived(ctx, routingKeyNode) || undefined };
}

/** A boolean publish flag read from a positional argument (e.g. @cloudamqp basicPublish's `mandatory`). */
export function booleanArg(ctx: FileContext, node: Node | undefined, fallback: boolean, library: string): Resolved<boolean> {
  if (!node) return defaulted(fallback, library);
  const v = ctx.resolver.resolve(node);
  if (v.kind === 'unknown') return unknown(v.reason, v.origin ?? ctx.file.span(node), v.param);
  if (v.kind === 'literal') return v.value === undefined ? defaulted(fallback, library) : known(Boolean(v.value), ctx.file.span(node));
  return known(true, ctx.file.span(node));
}

/** The value node of an object's property, if the property is written in this file (else undefined). */
export function localPropNode(ctx: FileContext, object: ObjectValue, key: string): Node | undefined {
  const prop = object.props.get(key);
  return prop && prop.file === ctx.file && prop.node.type === 'ObjectProperty' ? (prop.node.value as Node) : undefined;
}
