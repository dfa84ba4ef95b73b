// What a helper's parameter is when the helper calls it with the message (`ack(msg)`, `done(msg)`): the argument
// the call that handed the helper its message passes there, read where that call is written.
import type * as t from '@babel/types';
import { calleeMethod, isCall, isFunction, memberName, propertyKeyName, unwrap, type Node } from '../parse/ast';
import type { FileContext } from '../resolve/file-context';
import { callArguments, type MessageSource } from './message-path';
import { calledFunction } from './called-function';

/** A function the caller passes in (followed as a source), or a library method it passes as it is (`ch.ack.bind(ch)`). */
export type PassedFunction = { kind: 'function'; ctx: FileContext; fn: t.Function } | { kind: 'method'; method: string; receiver: string };

/**
 * The function a call inside `src.fn` calls through one of its parameters (or a name destructured from one, `{ ack }`),
 * as the call that handed `src.fn` the message passes it: an inline function, a project function, a member of an
 * object literal written there, or a library method passed on (`channel.ack.bind(channel)`, `channel.nack`).
 */
export function passedFunction(src: MessageSource, callee: Node): PassedFunction | undefined {
  const from = src.from;
  const node = unwrap(callee);
  if (!from || node.type !== 'Identifier') return undefined;
  const scopes = src.ctx.resolver.scopes;
  const binding = scopes.lookup(node.name, node);
  if (!binding || binding.kind !== 'param' || binding.fn !== src.fn || binding.paramIndex === undefined || scopes.isReassigned(node.name)) return undefined;
  let arg = callArguments(from.call)[binding.paramIndex];
  for (const key of binding.path) {
    const value = arg && unwrap(arg);
    const prop = value?.type === 'ObjectExpression' && key !== '...' ? value.properties.find((p) => p.type !== 'SpreadElement' && propertyKeyName(p) === key) : undefined;
    arg = prop?.type === 'ObjectMethod' ? prop : prop?.type === 'ObjectProperty' ? (prop.value as Node) : undefined;
  }
  return arg ? functionValue(from.ctx, arg) : undefined;
}

function functionValue(ctx: FileContext, expr: Node): PassedFunction | undefined {
  const node = unwrap(expr);
  if (isFunction(node)) return { kind: 'function', ctx, fn: node };
  // `channel.ack.bind(channel)` binds only `this`: called with the message, it is `channel.ack(message)`.
  const bound = isCall(node) && calleeMethod(node)?.method === 'bind' && node.arguments.length <= 1 ? unwrap(calleeMethod(node)!.object) : node;
  if ((bound.type === 'MemberExpression' || bound.type === 'OptionalMemberExpression') && memberName(bound)) {
    const own = calledFunction(ctx, bound);
    return own ? { kind: 'function', ...own } : { kind: 'method', method: memberName(bound)!, receiver: ctx.file.source(bound.object) };
  }
  const own = calledFunction(ctx, node);
  return own && { kind: 'function', ...own };
}
