// Model builders for the libraries with their own queue and exchange objects (amqp-ts, foo-foo-mq, jackrabbit,
// node-amqp): they differ in syntax and defaults, not in what the model needs.
import { connectionOpenAt } from '../model-builders/connection-open';
import type * as t from '@babel/types';
import { isFunction, unwrap, type Node, type ParsedFile } from '../../parse/ast';
import { defaulted, known, unknown, type AckMode, type ConnectionOpen, type Consumer, type QueueDeclaration, type Qos, type Resolved, runTimeMarks } from '../../model';
import type { ObjectValue, Value } from '../../resolve/values';
import type { FileContext } from '../../resolve/file-context';
import type { QueueOptions } from '../model-builders/queue-options';
import { readBoolean, readString } from '../model-builders/resolved';

/**
 * Model builders shared by the client modules of libraries layered on amqplib (amqp-ts, foo-foo-mq,
 * jackrabbit) and of node-amqp: they differ in syntax and defaults, not in what the model needs.
 */

/** A short label of a call's callee: `conn.declareQueue()`, `exchange.queue(…).consume()`. */
export function calleeLabel(file: ParsedFile, callee: Node, prefix = ''): string {
  const text = chainText(file, unwrap(callee));
  return `${prefix}${text.length > 40 ? `…${text.slice(-39)}` : text}()`;
}

function chainText(file: ParsedFile, node: Node): string {
  if ((node.type === 'MemberExpression' || node.type === 'OptionalMemberExpression') && !node.computed && node.property.type === 'Identifier') {
    return `${chainText(file, unwrap(node.object))}.${node.property.name}`;
  }
  if (node.type === 'CallExpression' || node.type === 'OptionalCallExpression') return `${chainText(file, unwrap(node.callee as Node))}(…)`;
  return file.source(node).replace(/\s+/g, '');
}

/** The queue a consumer reads: a server-named queue ('') has the name the broker picked. */
export function consumedQueue(name: Resolved<string>): Resolved<string> {
  return name.kind !== 'unknown' && name.value === '' ? unknown('a server-named queue: the broker picks its name') : name;
}

/** The arguments of a call as nodes (spreads and placeholders as undefined). */
export function argumentNodes(call: t.CallExpression | t.OptionalCallExpression | t.NewExpression): (Node | undefined)[] {
  return call.arguments.map((a) => (a.type === 'SpreadElement' || a.type === 'ArgumentPlaceholder' ? undefined : (a as Node)));
}

/** The argument if it is not a (callback) function. */
export function nonFunction(node: Node | undefined): Node | undefined {
  return node && !isFunction(unwrap(node)) ? node : undefined;
}

export interface DeclarationParts {
  client: string;
  /** Defaults to `${client}:${at.start}`; needed when several declarations share `at`. */
  id?: string;
  /** Where findings are reported: the call or config entry. */
  at: Node;
  callee: string;
  name: Resolved<string>;
  options: QueueOptions;
  passive?: boolean;
  syntax: unknown;
  /** Re-reads the declaration with a call site's resolver (a declaration inside a wrapper function). */
  rebuild?: QueueDeclaration['rebuild'];
}

/** The options of a queue a library declares itself with fixed flags (nothing in the code to edit). */
export function fixedQueueOptions(library: string, flags: { durable: boolean; exclusive: boolean; autoDelete: boolean }): QueueOptions {
  return {
    durable: defaulted(flags.durable, library),
    exclusive: defaulted(flags.exclusive, library),
    autoDelete: defaulted(flags.autoDelete, library),
    arguments: [],
    dependsOn: [],
    syntax: { flags: {}, argumentSources: new Map() },
  };
}

export function queueDeclaration(ctx: FileContext, parts: DeclarationParts): QueueDeclaration {
  const { file } = ctx;
  const { options } = parts;
  return {
    kind: 'queue-declaration',
    id: parts.id ?? `${parts.client}:${parts.at.start}`,
    client: parts.client,
    at: file.span(parts.at),
    statementStart: file.statementOf(parts.at).start ?? 0,
    callee: parts.callee,
    name: parts.name,
    durable: options.durable,
    exclusive: options.exclusive,
    autoDelete: options.autoDelete,
    passive: !!parts.passive,
    arguments: options.arguments,
    argumentsIncomplete: options.argumentsIncomplete,
    dependsOn: options.dependsOn,
    syntax: parts.syntax,
    ...(parts.rebuild ? { rebuild: parts.rebuild } : {}),
  };
}

/** A string argument (a queue or exchange name): known, unknown, or the library's default when absent. */
export function stringArgument(ctx: FileContext, node: Node | undefined, library: string, absent = ''): Resolved<string> {
  if (!node) return defaulted(absent, library);
  return readString(ctx.file, ctx.resolver.resolve(node), ctx.file.span(node));
}

/** A string property of a resolved config object (a queue entry's `name`). */
export function stringProperty(obj: ObjectValue, key: string, library: string, absent = ''): Resolved<string> {
  const prop = obj.props.get(key);
  if (!prop) return obj.open ? unknown(`the ${key} may come from ${obj.open.replace(/^spreads /, '')}`) : defaulted(absent, library);
  return readString(prop.file, prop.value(), prop.file.span(prop.node));
}

/**
 * Where a config entry (a queue in a topology object) is reported: the entry itself when it is in
 * the analysed file, else the call that takes the config (the entry's file is another module).
 */
export function entryPlace(ctx: FileContext, entry: ObjectValue, call: Node, client: string): { at: Node; id: string } {
  if (entry.file.path === ctx.file.path) return { at: entry.node, id: `${client}:${entry.node.start}` };
  return { at: call, id: `${client}:${call.start}:${entry.file.path}:${entry.node.start}` };
}

/** True only when the property is the literal `true` (e.g. `passive: true`, `noCreate: true`). */
export function isLiteralTrue(obj: ObjectValue | undefined, key: string): boolean {
  const v = obj?.props.get(key)?.value();
  return v?.kind === 'literal' && v.value === true;
}

/** The options object a value resolves to, or why it is not known. */
export function objectOrReason(value: Value | undefined): { object?: ObjectValue; unknown?: Value & { kind: 'unknown' } } {
  if (value?.kind === 'object') return { object: value.object };
  if (value?.kind === 'unknown') return { unknown: value };
  return {};
}

/**
 * The ack mode a `noAck` option gives: noAck true is automatic ack, anything else the library's
 * manual default. `options` is the resolved consume options (undefined when the call has none).
 */
export function ackFromNoAck(ctx: FileContext, options: Value | undefined, library: string, key = 'noAck'): Resolved<AckMode> {
  if (options?.kind === 'unknown') return unknown(`the consume options ${options.reason.replace(/^is /, 'are ')}`, options.origin);
  const obj = options?.kind === 'object' ? options.object : undefined;
  const noAck = readBoolean(ctx.file, obj?.props.get(key), false, library, obj?.open);
  if (noAck.kind === 'unknown') return noAck;
  if (noAck.kind === 'known') return known(noAck.value ? 'auto' : 'manual', noAck.origin);
  return defaulted('manual', library);
}

/** A number option (a prefetch): known, unknown, or the library's default when absent (undefined if none). */
export function numberProperty(obj: ObjectValue | undefined, key: string, library: string, fallback?: number): Resolved<number> | undefined {
  const prop = obj?.props.get(key);
  if (!prop) {
    if (obj?.open) return unknown(`${key} may come from ${obj.open.replace(/^spreads /, '')}`);
    return fallback === undefined ? undefined : defaulted(fallback, library);
  }
  const v = prop.value();
  const at = prop.file.span(prop.node);
  if (v.kind === 'literal' && (v.value === undefined || v.value === null)) return fallback === undefined ? undefined : defaulted(fallback, library);
  if (v.kind === 'literal' && typeof v.value === 'number') return known(v.value, v.origin ?? at);
  if (v.kind === 'unknown') return { ...unknown<number>(v.reason, v.origin ?? at), ...runTimeMarks(v) };
  return unknown(`${key} is not a number`, at);
}

export interface ConsumerParts {
  client: string;
  id?: string;
  at: Node;
  callee: string;
  channel: string;
  queue: Resolved<string>;
  ack: Resolved<AckMode>;
  prefetch?: Resolved<number>;
  handler?: Node;
  syntax: unknown;
}

export function consumer(ctx: FileContext, parts: ConsumerParts): Consumer {
  const { file } = ctx;
  const fn = parts.handler ? unwrap(parts.handler) : undefined;
  return {
    kind: 'consumer',
    id: parts.id ?? `${parts.client}:${parts.at.start}`,
    client: parts.client,
    at: file.span(parts.at),
    statementStart: file.statementOf(parts.at).start ?? 0,
    callee: parts.callee,
    channel: parts.channel,
    queue: consumedQueue(parts.queue),
    ack: parts.ack,
    prefetch: parts.prefetch,
    handler: fn && isFunction(fn) ? { start: fn.start ?? 0, end: fn.end ?? 0 } : undefined,
    consumerArguments: [],
    syntax: parts.syntax,
  };
}

/** A prefetch the library sets on a channel with `global` fixed to false. */
export function perConsumerQos(ctx: FileContext, client: string, call: Node, channel: string, count: Resolved<number>): Qos {
  return {
    kind: 'qos',
    client,
    at: ctx.file.span(call),
    statementStart: ctx.file.statementOf(call).start ?? 0,
    channel,
    count,
    global: defaulted(false, client),
    syntax: { call },
  };
}

/** A connection the code opens (for the connection-churn rule). */
export function connectionOpen(ctx: FileContext, client: string, node: Node, callee: string): ConnectionOpen {
  return connectionOpenAt(ctx, node, {
    client,
    callee,
    what: 'connection',
    publishMethods: ['publish', 'send', 'sendToQueue'],
    closeMethods: ['close', 'disconnect', 'shutdown'],
    syntax: { node },
  });
}
