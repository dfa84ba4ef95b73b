import { connectionOpenAt } from './connection-open';
import type { FrameMaxSetting } from './frame-max';
import type * as t from '@babel/types';
import { unwrap, type Node, type ParsedFile } from '../../parse/ast';
import { defaulted, known, unknown, type AckMode, type ConnectionOpen, type Consumer, type ParamOrigin, type Publish, type Resolved, type Span } from '../../model';
import type { ObjectValue, PropertyValue, Value } from '../../resolve/values';
import type { FileContext } from '../types';
import { loopAround, resultUse } from './call-context';
import { originOf, readAny, type CallNode } from './resolved';
import type { TrackedKind } from './rabbitmq-client-cloudamqp-objects';

/**
 * Model building blocks shared by the rabbitmq-client and @cloudamqp/amqp-client modules: the
 * parts of a Consumer, Publish or ConnectionOpen that do not depend on either library's syntax.
 */

/** The call's arguments, with spreads as holes. */
export function callArgs(call: CallNode): (Node | undefined)[] {
  return call.arguments.map((a) => (a.type === 'SpreadElement' || a.type === 'ArgumentPlaceholder' ? undefined : (a as Node)));
}

/** `rabbit.queueDeclare()`, `new AMQPClient(…).connect()`: the callee with inner arguments elided. */
export function calleeLabel(ctx: FileContext, call: CallNode | t.NewExpression): string {
  const text = ctx.file
    .source(call.callee as Node)
    .replace(/\s*[\r\n]\s*/g, '')
    .replace(/(?<=[\w$\])])\((?:[^()]|\([^()]*\))+\)/g, '(…)');
  return `${call.type === 'NewExpression' ? 'new ' : ''}${text.length > 40 ? `…${text.slice(-39)}` : text}()`;
}

/**
 * The fields every subject has: id, client, where it is reported (`at`, the call by default), the
 * statement a marker comment goes above (the one holding `at`), and a label naming the call.
 */
export function subjectAt(ctx: FileContext, call: CallNode, client: string, at: Node = call) {
  return {
    id: `${client}:${at.start}`,
    client,
    at: ctx.file.span(at),
    statementStart: ctx.file.statementOf(at).start ?? 0,
    callee: calleeLabel(ctx, call),
  };
}

/** An options object, or why it cannot be read (and the parameter it comes from, if it is one). */
export type Options = { object?: ObjectValue; unknownReason?: string; origin?: Span; param?: ParamOrigin };

export function optionsOf(ctx: FileContext, node: Node | undefined, what: string): Options {
  return node ? optionsFrom(ctx.resolver.resolve(node), what, ctx.file.span(node)) : {};
}

/** The options an option holds (`qos: {...}`), read where the property is written. */
export function nestedOptions(prop: PropertyValue, what: string): Options {
  return optionsFrom(prop.value(), what, prop.file.span(prop.node));
}

function optionsFrom(value: Value, what: string, at: Span): Options {
  if (value.kind === 'object') return { object: value.object };
  if (value.kind === 'literal' && (value.value === undefined || value.value === null)) return {};
  if (value.kind === 'unknown') return { unknownReason: `the ${what} ${value.reason.replace(/^is /, 'are ')}`, origin: value.origin, param: value.param };
  return { unknownReason: `the ${what} are not an object`, origin: at };
}

/** The context of a file the analysis parsed (the current one, or a module an import led to). */
export function contextOf(ctx: FileContext, file: ParsedFile): FileContext | undefined {
  if (file === ctx.file) return ctx;
  return ctx.resolver.project?.loaded().find(([, c]) => c.file === file)?.[1];
}

/** One option of an options object: its property, or why it may be hidden (an unknown spread). */
export function optionProp(options: Options, key: string): { prop?: PropertyValue; unknownReason?: string } {
  if (options.unknownReason) return { unknownReason: options.unknownReason };
  const prop = options.object?.props.get(key);
  if (prop) return { prop };
  return options.object?.open ? { unknownReason: `the options ${options.object.open}` } : {};
}

/** The ack mode from a `noAck` option read as a boolean, with the library's default. */
export function ackFrom(options: Options, noAckDefault: boolean, library: string): Resolved<AckMode> {
  const { prop, unknownReason } = optionProp(options, 'noAck');
  if (unknownReason) return unknown(unknownReason, options.origin);
  const mode = (noAck: boolean): AckMode => (noAck ? 'auto' : 'manual');
  if (!prop) return defaulted(mode(noAckDefault), library);
  const value = prop.value();
  const at = prop.file.span(prop.node);
  if (value.kind === 'unknown') return unknown(value.reason, value.origin ?? at);
  if (value.kind === 'literal') {
    if (value.value === undefined) return defaulted(mode(noAckDefault), library);
    return known(mode(Boolean(value.value)), originOf(value, at));
  }
  return known('auto', at);
}

/** A numeric option (a prefetch count): known, unknown, or absent (undefined). */
export function numberOption(options: Options, key: string): Resolved<number> | undefined {
  const { prop, unknownReason } = optionProp(options, key);
  if (unknownReason) return unknown(unknownReason, options.origin);
  if (!prop) return undefined;
  const value = prop.value();
  const at = prop.file.span(prop.node);
  if (value.kind === 'unknown') return unknown(value.reason, value.origin ?? at);
  if (value.kind === 'literal' && value.value === undefined) return undefined;
  if (value.kind === 'literal' && typeof value.value === 'number') return known(value.value, originOf(value, at));
  return unknown(`${key} is not a number`, at);
}

/** A boolean option read as `!!x`, with the library's default when absent. */
export function booleanOption(options: Options, key: string, fallback: boolean, library: string): Resolved<boolean> {
  const { prop, unknownReason } = optionProp(options, key);
  if (unknownReason) return unknown(unknownReason, options.origin);
  if (!prop) return defaulted(fallback, library);
  const value = prop.value();
  const at = prop.file.span(prop.node);
  if (value.kind === 'unknown') return unknown(value.reason, value.origin ?? at);
  if (value.kind === 'literal') return value.value === undefined ? defaulted(fallback, library) : known(Boolean(value.value), originOf(value, at));
  return known(true, at);
}

/** basic.consume arguments (x-priority, x-stream-offset, ...) from a table value. */
export function consumerArgumentsOf(table: Value | undefined): Consumer['consumerArguments'] {
  if (table?.kind !== 'object') return [];
  return [...table.object.props].map(([key, prop]) => ({ key, value: readAny(prop.value(), prop.file.span(prop.node)) }));
}

/**
 * Channels put into confirm mode by `ch.confirmSelect()`: a publish on a channel confirms if
 * confirmSelect was called on it earlier in the file; a channel handed in may be either.
 */
export class ConfirmSelects {
  private readonly calls: { key: string; start: number }[] = [];

  add(channel: TrackedKind, call: CallNode): void {
    if (channel.key) this.calls.push({ key: channel.key, start: call.start ?? 0 });
  }

  confirmsAt(ctx: FileContext, channel: TrackedKind, call: CallNode): Resolved<boolean> {
    const at = ctx.file.span(call);
    const selected = this.calls.some((c) => c.key === channel.key && c.start < (call.start ?? 0));
    if (selected) return known(true, at);
    if (channel.handedIn) return unknown('the channel is handed in: it may or may not be in confirm mode (confirmSelect)');
    return known(false, at);
  }
}

/** What a publish sends and where: the body's size, the route and the mandatory flag (see publish-facts.ts). */
export type PublishFacts = Pick<Publish, 'payloadBytes' | 'payloadAt' | 'mandatory' | 'route'>;

/** `form`: how the library publishes here (a publisher's send, a channel's basicPublish, ...). */
export interface PublishSyntax {
  call: CallNode;
  form: string;
}

/**
 * A publish whose promise settles when the message is written (no confirms) or when the broker
 * confirms it. `waitsForConfirmInLoop`: awaited one by one inside a loop.
 */
export function publishSubject(ctx: FileContext, call: CallNode, client: string, channel: string, confirms: Resolved<boolean>, form: string, facts?: PublishFacts): Publish {
  const use = resultUse(ctx.file, call);
  const returns: Publish['returns'] = confirms.kind !== 'unknown' && confirms.value ? 'confirm' : 'buffer-state';
  return {
    kind: 'publish',
    ...subjectAt(ctx, call, client),
    channel,
    confirms,
    returns,
    resultUse: use,
    waitsForConfirmInLoop: !!loopAround(ctx.file, call) && returns === 'confirm' && use === 'awaited',
    ...facts,
    syntax: { call, form } satisfies PublishSyntax,
  };
}

/** A connection or channel opened by `call`; `publishMethods` are the library's publish calls. */
export function openSubject(ctx: FileContext, call: CallNode | t.NewExpression, client: string, what: ConnectionOpen['what'], publishMethods: string[], frameMax?: FrameMaxSetting, frameMaxClientMinimum?: ConnectionOpen['frameMaxClientMinimum']): ConnectionOpen {
  return connectionOpenAt(ctx.file, call, { client, callee: calleeLabel(ctx, call), what, publishMethods, frameMax, frameMaxClientMinimum, syntax: { call } });
}

/**
 * Whether an expression is certainly a string (a string parameter, a template, a concatenation
 * with a literal) and, if it can tell, whether it is non-empty.
 */
export function stringShape(ctx: FileContext, node: Node): { string: boolean; nonEmpty?: boolean } {
  const n = unwrap(node);
  const value = ctx.resolver.resolve(n);
  if (value.kind === 'literal' && typeof value.value === 'string') return { string: true, nonEmpty: value.value !== '' };
  if (n.type === 'TemplateLiteral') return { string: true, nonEmpty: n.quasis.some((q) => (q.value.cooked ?? '') !== '') || undefined };
  if (n.type === 'BinaryExpression' && n.operator === '+') {
    const parts = [n.left as Node, n.right].map((p) => ctx.resolver.resolve(p));
    if (parts.some((p) => p.kind === 'literal' && typeof p.value === 'string')) {
      return { string: true, nonEmpty: parts.some((p) => p.kind === 'literal' && typeof p.value === 'string' && p.value !== '') || undefined };
    }
  }
  if (n.type === 'Identifier') {
    const b = ctx.resolver.scopes.lookup(n.name, n);
    const ann = b?.id.typeAnnotation;
    if (ann?.type === 'TSTypeAnnotation' && ann.typeAnnotation.type === 'TSStringKeyword') return { string: true };
  }
  return { string: false };
}
