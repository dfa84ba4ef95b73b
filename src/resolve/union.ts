// A value that is one of several (the element a loop is at): what every one of them agrees on.
import type { ObjectValue, PropertyValue, Value } from './contracts';

/**
 * One value for "one of `values`": the value itself if there is one; a literal all of them share; an
 * object whose properties are what the objects agree on (read-only: a fix must change each element).
 */
export function oneOf(values: Value[], what: string): Value {
  if (values.length === 1) return values[0];
  if (values.length === 0) return { kind: 'unknown', reason: `is an element of ${what}, which has none` };
  const first = values[0];
  if (first.kind === 'literal' && values.every((v) => v.kind === 'literal')) {
    const same = values.every((v) => v.kind === 'literal' && Object.is(v.value, first.value));
    return same ? { kind: 'literal', value: first.value, editable: false, ...(first.origin ? { origin: first.origin } : {}) } : differs(what, values);
  }
  if (values.every((v) => v.kind === 'object')) return { kind: 'object', object: mergedObject(values.map((v) => (v as { object: ObjectValue }).object), what) };
  if (values.every((v) => v.kind === 'function' && v.node === (first as { node: unknown }).node)) return first;
  const unknown = values.find((v) => v.kind === 'unknown');
  return unknown ?? differs(what, values);
}

function differs(what: string, values: Value[]): Value {
  return { kind: 'unknown', reason: `differs between the ${values.length} elements of ${what}` };
}

/** The objects' properties, each one the value the objects agree on (a key some lack is undefined there). */
function mergedObject(objects: ObjectValue[], what: string): ObjectValue {
  const first = objects[0];
  const keys = new Set(objects.flatMap((o) => [...o.props.keys()]));
  const props = new Map<string, PropertyValue>();
  for (const key of keys) {
    const holder = objects.find((o) => o.props.has(key))!.props.get(key)!;
    props.set(key, {
      ...holder,
      readOnly: `it is set in each element of ${what}`,
      value: () => oneOf(objects.map((o) => o.props.get(key)?.value() ?? (o.open ? { kind: 'unknown', reason: o.open, origin: o.origin } : { kind: 'literal', value: undefined, editable: false })), `${what} (${key})`),
    });
  }
  const open = objects.find((o) => o.open)?.open;
  return {
    file: first.file,
    node: first.node,
    origin: first.origin,
    props,
    ...(open ? { open } : {}),
    readOnly: `it is one of the ${objects.length} elements of ${what}: each must be changed`,
    reads: objects.flatMap((o) => o.reads),
  };
}
