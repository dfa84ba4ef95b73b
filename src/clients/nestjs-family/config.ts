// The NestJS integrations' config objects (module factories, decorators, helper functions) followed to their values.
import type * as t from '@babel/types';
import { isCall, memberName, unwrap, type Node, type ParsedFile } from '../../parse/ast';
import { defaulted, known, unknown, type ParamOrigin, type Resolved, runTimeMarks } from '../../model';
import type { ObjectValue, PropertyValue, Value } from '../../resolve/values';
import { contextOf, type FileContext } from '../../resolve/file-context';
import { contextOfFunction, returnedExpression } from '../../resolve/functions';
import { enclosingFunction } from '../model-builders/call-context';
import { originOf, readBoolean, readString } from '../model-builders/resolved';
import { readQueueOptions, type QueueOptions, type QueueOptionsDialect } from '../model-builders/queue-options';
import { registeredConfig } from './registered-config';

/**
 * Helpers for the NestJS integrations (@nestjs/microservices RMQ, @golevelup/nestjs-rabbitmq):
 * their settings are config objects handed to module factories and decorators, often built by a
 * factory function (`useFactory: () => ({ ... })`) or a helper function, of this module or another.
 */

/**
 * The export of a package an expression names: `Transport` (import or require destructuring),
 * `ms.Transport` (namespace import or `require(pkg)`), '*' for the namespace itself.
 */
export function exportOf(ctx: FileContext, expr: Node, pkg: RegExp, anchor?: Node): string | undefined {
  const node = unwrap(expr);
  if (node.type === 'Identifier') {
    // Type nodes have no parent links: names in them are looked up from the annotated node.
    const b = ctx.resolver.scopes.lookup(node.name, anchor ?? node);
    if (!b) return undefined;
    if (b.kind === 'import') return b.importSource && pkg.test(b.importSource) ? b.importedName : undefined;
    if ((b.kind === 'const' || b.kind === 'let' || b.kind === 'var') && b.init && isRequireOf(b.init, pkg)) {
      return b.path.length === 0 ? '*' : b.path.length === 1 ? b.path[0] : undefined;
    }
    return undefined;
  }
  if (node.type === 'MemberExpression') {
    const name = memberName(node);
    if (!name) return undefined;
    if (isRequireOf(node.object, pkg) || exportOf(ctx, node.object, pkg, anchor) === '*') return name;
  }
  return undefined;
}

function isRequireOf(expr: Node, pkg: RegExp): boolean {
  const node = unwrap(expr);
  return isCall(node) && node.callee.type === 'Identifier' && node.callee.name === 'require' && node.arguments[0]?.type === 'StringLiteral' && pkg.test(node.arguments[0].value);
}

/** A node of this file (values may come from other modules, whose offsets mean nothing here). */
export const inFile = (file: ParsedFile, node: Node): boolean => file.parentOf(node) !== undefined;


/** An expression, and the context to read it in (its module, with a call's arguments for its function's parameters). */
export interface Located {
  ctx: FileContext;
  node: Node;
}


/**
 * The expression that builds a value, looking through calls of functions (`buildOptions('orders')`,
 * `const opts = buildOptions()`): their returned expression, read with that call's arguments.
 */
export function followCalls(ctx: FileContext, expr: Node, depth = 0): Located {
  const node = unwrap(expr);
  if (depth > 4) return { ctx, node };
  // `configService.get('rmq')`: what the project's `registerAs('rmq', () => ({...}))` returns.
  const registered = isCall(node) ? registeredConfig(ctx, node) : undefined;
  if (registered) return followCalls(registered.ctx, registered.node, depth + 1);
  if (isCall(node)) {
    const callee = ctx.resolver.resolve(node.callee);
    const home = callee.kind === 'function' ? contextOfFunction(ctx, callee.node) : undefined;
    const ret = home && callee.kind === 'function' ? returnedExpression(home.file, callee.node) : undefined;
    if (!home || !ret || callee.kind !== 'function') return { ctx, node };
    const args = node.arguments.map((a) => (a.type === 'SpreadElement' || a.type === 'ArgumentPlaceholder' ? undefined : (a as Node)));
    const bound: FileContext = { ...home, resolver: home.resolver.withCallSite({ fn: callee.node, args, caller: ctx.resolver }) };
    return followCalls(bound, ret, depth + 1);
  }
  if (node.type === 'Identifier') {
    const b = ctx.resolver.scopes.lookup(node.name, node);
    if (b?.kind === 'const' && b.init && b.path.length === 0 && isCall(unwrap(b.init))) return followCalls(ctx, b.init, depth + 1);
  }
  return { ctx, node };
}

/** A value, and the context it was read in (its properties are read there, with the same call's arguments). */
export interface LocatedValue {
  ctx: FileContext;
  value: Value;
}

/** A value read through `followCalls`, with the context it was read in. */
export function configLocated(ctx: FileContext, expr: Node): LocatedValue {
  const at = followCalls(ctx, expr);
  return { ctx: at.ctx, value: at.ctx.resolver.resolve(at.node) };
}

/** The expression a property's value is written as (a method's own node). */
export function propertyExpression(prop: PropertyValue): Node {
  return prop.node.type === 'ObjectProperty' ? (prop.node.value as Node) : prop.node;
}

/** An object option: the object and the context it was read in, absent, or why it cannot be read. */
export interface ObjectRead {
  object?: ObjectValue;
  ctx?: FileContext;
  absent?: boolean;
  reason?: string;
  /** The parameter the unknown value is: each call of its function decides it. */
  param?: ParamOrigin;
}

/** A property's value as an object, looking through helper calls; the reason if it is not one. `ctx`: where `obj` was read. */
export function objectProperty(ctx: FileContext, obj: ObjectValue, key: string): ObjectRead {
  const prop = obj.props.get(key);
  if (!prop) return obj.open ? { reason: `the object ${obj.open}` } : { absent: true };
  const home = contextOf(ctx, prop.file);
  const read: { ctx?: FileContext; value: Value } = home && prop.node.type === 'ObjectProperty' ? configLocated(home, propertyExpression(prop)) : { ctx: home, value: prop.value() };
  const value = read.value;
  if (value.kind === 'object') return { object: value.object, ctx: read.ctx };
  if (value.kind === 'literal' && (value.value === undefined || value.value === null)) return { absent: true };
  if (value.kind === 'unknown') return { reason: unknownReason(key, value.reason) };
  return { reason: `${key} is not an object` };
}

/**
 * What a module factory produces: `useFactory: () => ({...})`, `useFactory() { return {...} }`,
 * `useFactory: makeConfig` (a function of this file).
 */
export function factoryResult(ctx: FileContext, prop: PropertyValue): LocatedValue {
  const home = contextOf(ctx, prop.file);
  if (!home) return { ctx, value: { kind: 'unknown', reason: `${prop.key} is in a module that is not loaded` } };
  let fn: t.Function | undefined;
  if (prop.node.type === 'ObjectMethod') fn = prop.node;
  else {
    const v = home.resolver.resolve(propertyExpression(prop));
    if (v.kind === 'function' && inFile(home.file, v.node)) fn = v.node;
    else return { ctx: home, value: v.kind === 'unknown' ? v : { kind: 'unknown', reason: `${prop.key} is not a function of this module` } };
  }
  // Nest calls the factory with injected providers: its parameters stay unknown.
  const ret = returnedExpression(home.file, fn);
  if (!ret) return { ctx: home, value: { kind: 'unknown', reason: `${prop.key} does not return one object expression`, origin: home.file.span(fn) } };
  return configLocated(home, ret);
}

/** "queueOptions is the result of `f()`", "queueOptions comes from process.env.X", "queueOptions is unknown: ...". */
export function unknownReason(what: string, reason: string): string {
  return /^(is |comes from )/.test(reason) ? `${what} ${reason}` : `${what} is unknown: ${reason}`;
}

/** A boolean option read like `!!x`, with the library's default when left out (or unknown). */
export function readFlag(prop: PropertyValue | undefined, fallback: boolean, library: string, openReason: string | undefined): Resolved<boolean> {
  if (!prop) return openReason ? unknown(openReason) : defaulted(fallback, library);
  return readBoolean(prop.file, prop, fallback, library, openReason);
}

/** A string option as written (the property may live in another module). */
export function readText(prop: PropertyValue): Resolved<string> {
  return readString(prop.file, prop.value(), prop.file.span(prop.node));
}

/** A numeric option: its literal, the library's default when left out, or unknown. */
export function readNumber(prop: PropertyValue | undefined, fallback: number, library: string, openReason: string | undefined): Resolved<number> {
  if (!prop) return openReason ? unknown(openReason) : defaulted(fallback, library);
  const value = prop.value();
  const at = prop.file.span(prop.node);
  if (value.kind === 'unknown') return { ...unknown<number>(value.reason, value.origin ?? at), ...runTimeMarks(value) };
  if (value.kind === 'literal') {
    if (value.value === undefined || value.value === null) return defaulted(fallback, library);
    if (typeof value.value === 'number') return known(value.value, originOf(value, at));
  }
  return unknown(`\`${prop.file.source(prop.node)}\` is not a number`, at);
}

/** `node` is a node of `file` inside `outer` (a node of that file). */
export const within = (file: ParsedFile, node: Node, outer: Node): boolean => inFile(file, node) && (node.start ?? 0) >= (outer.start ?? 0) && (node.end ?? 0) <= (outer.end ?? 0);

/** Queue options that cannot be read (the object holding them is unknown): every flag unknown, nothing to edit. */
export function unknownQueueOptions(reason: string): QueueOptions {
  return {
    durable: unknown(reason),
    exclusive: unknown(reason),
    autoDelete: unknown(reason),
    arguments: [],
    argumentsIncomplete: reason,
    dependsOn: [],
    syntax: { flags: {}, argumentSources: new Map(), optionsUnknown: reason },
  };
}

/** Queue options held in a property (of this module or another), read with the library's dialect. */
export function readQueueOptionsProperty(ctx: FileContext, prop: PropertyValue, dialect: QueueOptionsDialect): QueueOptions {
  const home = contextOf(ctx, prop.file);
  if (!home) return unknownQueueOptions(`${prop.key} is in a module that is not loaded`);
  const at: Located = prop.node.type === 'ObjectProperty' ? followCalls(home, propertyExpression(prop)) : { ctx: home, node: prop.node };
  return readQueueOptions(at.ctx.file, at.ctx.resolver, at.node, dialect);
}
