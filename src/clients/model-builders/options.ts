// Reading a client's options object into the model: each option known, defaulted by the library, or
// unknown with why (an unknown spread, a parameter), with the span a fix would edit.
import type { Node } from '../../parse/ast';
import { defaulted, known, unknown, type AckMode, type Consumer, type ParamOrigin, type Resolved, type Span, runTimeMarks } from '../../model';
import type { ObjectValue, PropertyValue, Value } from '../../resolve/values';
import type { FileContext } from '../../resolve/file-context';
import { originOf, readAny } from './resolved';
import { fieldTypeOf, timestampSeconds, type TableEncoder } from './field-types';

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

/** One option of an options object: its property, or why it may be hidden (an unknown spread). */
export function optionProp(options: Options, key: string): { prop?: PropertyValue; unknownReason?: string; param?: ParamOrigin } {
  if (options.unknownReason) return { unknownReason: options.unknownReason, ...(options.param ? { param: options.param } : {}) };
  const prop = options.object?.props.get(key);
  if (prop) return { prop };
  // `{ ...DEFAULTS, ...options }` with `options` a parameter: each call of the function decides the key.
  const param = options.object?.openParam;
  return options.object?.open ? { unknownReason: `the options ${options.object.open}`, ...(param ? { param } : {}) } : {};
}

/** The ack mode from a `noAck` option read as a boolean, with the library's default. */
export function ackFrom(options: Options, noAckDefault: boolean, library: string): Resolved<AckMode> {
  const { prop, unknownReason, param } = optionProp(options, 'noAck');
  if (unknownReason) return unknown(unknownReason, options.origin, param);
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
  const { prop, unknownReason, param } = optionProp(options, key);
  if (unknownReason) return unknown(unknownReason, options.origin, param);
  if (!prop) return undefined;
  const value = prop.value();
  const at = prop.file.span(prop.node);
  // A parameter's (`qos: { prefetchCount: opts.prefetch }`): each call of the function decides it.
  if (value.kind === 'unknown') return { ...unknown<number>(value.reason, value.origin ?? at, value.param), ...runTimeMarks(value) };
  if (value.kind === 'literal' && value.value === undefined) return undefined;
  if (value.kind === 'literal' && typeof value.value === 'number') return known(value.value, originOf(value, at));
  return unknown(`${key} is not a number`, at);
}

/** A boolean option read as `!!x`, with the library's default when absent. */
export function booleanOption(options: Options, key: string, fallback: boolean, library: string): Resolved<boolean> {
  const { prop, unknownReason, param } = optionProp(options, key);
  if (unknownReason) return unknown(unknownReason, options.origin, param);
  if (!prop) return defaulted(fallback, library);
  const value = prop.value();
  const at = prop.file.span(prop.node);
  if (value.kind === 'unknown') return unknown(value.reason, value.origin ?? at);
  if (value.kind === 'literal') return value.value === undefined ? defaulted(fallback, library) : known(Boolean(value.value), originOf(value, at));
  return known(true, at);
}

/** basic.consume arguments (x-priority, x-stream-offset, ...) from a table value; `encoder`: the library whose codec sends them. */
export function consumerArgumentsOf(table: Value | undefined, encoder?: TableEncoder): Consumer['consumerArguments'] {
  if (table?.kind !== 'object') return [];
  return [...table.object.props].map(([key, prop]) => {
    const wire = encoder && fieldTypeOf(prop, encoder);
    const seconds = wire === 'timestamp' && encoder ? timestampSeconds(prop, encoder) : undefined;
    const at = prop.file.span(prop.node);
    return { key, value: seconds === undefined ? readAny(prop.value(), at) : known(seconds, at), ...(wire ? { wire } : {}) };
  });
}
