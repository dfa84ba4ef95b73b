// The nacks and rejects a handler makes, and their requeue flags.
import type * as t from '@babel/types';
import { isFunction, memberName, ownProperty, unwrap, type Node } from '../parse/ast';
import { defaulted, known, unknown, type HandlerFacts, type Resolved } from '../model';
import type { FileContext } from '../resolve/file-context';
import { callArguments, calleeMethod, describe, messagePath, samePath, type MessageSource } from './message-path';
import type { HandlerLibrary, RejectCall, ReturnedStatus } from './library';

export type { RejectCall, ReturnedStatus } from './library';

/** The reject call names the handler's message where the library expects it. */
export function namesMessage(src: MessageSource, call: t.CallExpression | t.OptionalCallExpression, reject: Pick<RejectCall, 'message'>): boolean {
  const [first] = callArguments(call);
  if (reject.message === 'argument') return samePath(messagePath(src, first), []);
  if (reject.message === 'receiver') return samePath(messagePath(src, calleeMethod(call)?.object), []);
  const tag = first && unwrap(first);
  if (samePath(messagePath(src, tag), ['deliveryTag'])) return true;
  const value = tag?.type === 'ObjectExpression' ? propertyValue(tag, 'deliveryTag') : undefined;
  return samePath(messagePath(src, value), ['deliveryTag']);
}

export function rejectRequeue(ctx: FileContext, args: (Node | undefined)[], reject: RejectCall, library: string): Resolved<boolean> {
  const flag = reject.requeue;
  if ('index' in flag) return readRequeue(ctx, args[flag.index], flag.default, library);
  const options = args[0] && unwrap(args[0]);
  if (options?.type !== 'ObjectExpression') return unknown('the nack options are not written here', options && ctx.file.span(options));
  if (options.properties.some((p) => p.type !== 'ObjectProperty')) return unknown('the nack options are spread from elsewhere', ctx.file.span(options));
  return readRequeue(ctx, propertyValue(options, flag.option), flag.default, library);
}

/**
 * A `return` or `throw` that ends the handler itself with a nack: a returned status the library
 * nacks on (`return ConsumerStatus.REQUEUE`), a returned instance it nacks on (`return new Nack(false)`),
 * or a throw not caught inside the handler when the library nacks a handler that throws.
 */
export function endRejection(ctx: FileContext, handler: t.Function, node: t.ReturnStatement | t.ThrowStatement, lib: HandlerLibrary): HandlerFacts['rejections'][number] | undefined {
  const { file } = ctx;
  if (enclosingFunction(ctx, node) !== handler) return undefined;
  if (node.type === 'ThrowStatement') {
    if (!lib.throwRequeue || caughtInside(ctx, handler, node)) return undefined;
    return { at: file.span(node), what: `${statement(ctx, node)} (${lib.name} nacks a handler that throws)`, method: 'nack', requeue: lib.throwRequeue };
  }
  const nack = node.argument && lib.returnsNew ? returnedNack(ctx, node.argument, lib) : undefined;
  if (nack) return { at: file.span(node), what: statement(ctx, node), method: 'nack', requeue: nack };
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

/** `new Nack(requeue)` of a class the library nacks on: its requeue flag, the class's default when left out. */
function returnedNack(ctx: FileContext, arg: Node, lib: HandlerLibrary): Resolved<boolean> | undefined {
  const node = unwrap(arg);
  if (node.type !== 'NewExpression' || node.callee.type !== 'Identifier' || !Object.hasOwn(lib.returnsNew!, node.callee.name)) return undefined;
  const flag = lib.returnsNew![node.callee.name];
  const args = node.arguments.map((a) => (a.type === 'SpreadElement' || a.type === 'ArgumentPlaceholder' ? undefined : (a as Node)));
  return readRequeue(ctx, args[flag.index], flag.default, lib.name);
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

function readRequeue(ctx: FileContext, arg: Node | undefined, fallback: boolean, library: string): Resolved<boolean> {
  if (!arg) return defaulted(fallback, library);
  const v = ctx.resolver.resolve(arg);
  if (v.kind === 'literal') return v.value === undefined ? defaulted(fallback, library) : known(Boolean(v.value), ctx.file.span(arg));
  return v.kind === 'unknown' ? unknown(v.reason, ctx.file.span(arg)) : known(true, ctx.file.span(arg));
}

const statement = (ctx: FileContext, node: Node): string => describe(ctx, node).replace(/;$/, '');

const propertyValue = (obj: t.ObjectExpression, key: string): Node | undefined => ownProperty(obj, key)?.value as Node | undefined;
