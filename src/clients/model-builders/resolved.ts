// Resolved values for the model from the resolver's values: booleans, strings and their origins.
import type * as t from '@babel/types';
import type { ParsedFile } from '../../parse/ast';
import { defaulted, known, unknown, type ParamOrigin, type Resolved, type Span } from '../../model';
import type { PropertyValue, Value } from '../../resolve/values';

/** Where a value came from, for the model: the literal if it has one, else the property. */
export function originOf(value: Value, fallback: Span): Span {
  return (value.kind === 'literal' || value.kind === 'unknown') && value.origin ? value.origin : fallback;
}

/** A client option read as a boolean the way `!!x` or `x === undefined ? def : x` would. */
export function readBoolean(
  file: ParsedFile,
  prop: PropertyValue | undefined,
  fallback: boolean,
  library: string,
  openReason: string | undefined,
  coerce: 'truthy' | 'undefined-is-default' = 'truthy',
  /** The parameter an open object's unknown keys come from (`{ ...DEFAULTS, ...options }`): each caller decides them. */
  openParam?: ParamOrigin,
): Resolved<boolean> {
  if (!prop) return openReason ? unknown(openReason, undefined, openParam) : defaulted(fallback, library);
  const value = prop.value();
  const at = file.span(prop.node);
  if (value.kind === 'unknown') return { ...unknown<boolean>(value.reason, value.origin ?? at, value.param), ...(value.possible ? { possible: value.possible.map((v) => (v === undefined && coerce === 'undefined-is-default' ? fallback : Boolean(v))) } : {}) };
  if (value.kind === 'literal') {
    if (value.value === undefined && coerce === 'undefined-is-default') return defaulted(fallback, library);
    return known(Boolean(value.value), originOf(value, at));
  }
  return known(true, at);
}

export function readString(file: ParsedFile, value: Value, at: Span): Resolved<string> {
  if (value.kind === 'literal') {
    if (value.value === undefined || value.value === null) return known('', originOf(value, at));
    return known(String(value.value), originOf(value, at));
  }
  if (value.kind === 'unknown') return unknown(value.reason, value.origin ?? at, value.param);
  return unknown(`\`${file.text.slice(at.start, at.end)}\` is not a string`, at);
}

export function readAny(value: Value, at: Span): Resolved<unknown> {
  if (value.kind === 'literal') return known(value.value, originOf(value, at));
  if (value.kind === 'unknown') return unknown(value.reason, value.origin ?? at, value.param);
  return known(value.kind === 'object' ? '[object]' : value.kind, at);
}

export type CallNode = t.CallExpression | t.OptionalCallExpression;
