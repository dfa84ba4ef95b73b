// Library merge helpers as values: lodash's / underscore's `defaults`, `defaultsDeep`, `assign`, `extend`, and what they return.
import type { MergeKind, ObjectValue, PropertyValue, Value } from './contracts';

/** The merge helpers of lodash (lodash-es) and underscore, by name (lodash's `extend` is `assignIn`; underscore's `extendOwn` is `assign`). */
const LIBRARY_MEMBERS = new Map<string, MergeKind>([
  ['defaults', 'defaults'],
  ['defaultsDeep', 'defaultsDeep'],
  ['assign', 'assign'],
  ['assignIn', 'assign'],
  ['extend', 'assign'],
  ['extendOwn', 'assign'],
]);
/** Packages whose members are those helpers (lodash/fp is not one: its functions take their arguments in another order). */
const LIBRARIES = new Set(['lodash', 'lodash-es', 'underscore']);
/** Packages (and lodash's per-method paths) that are one helper. */
const SINGLE = new Map<string, MergeKind>(Object.entries({
  'lodash.defaults': 'defaults',
  'lodash.defaultsdeep': 'defaultsDeep',
  'lodash.assign': 'assign',
  'lodash.assignin': 'assign',
  'lodash.extend': 'assign',
  'object-assign': 'assign',
  'lodash/defaults': 'defaults',
  'lodash/defaultsDeep': 'defaultsDeep',
  'lodash/assign': 'assign',
  'lodash/assignIn': 'assign',
  'lodash/extend': 'assign',
}) as [string, MergeKind][]);

/**
 * What `require(spec)` or `import … from spec` gives when spec is a merge library: the helper itself (`name` 'default'
 * or '*' for the module), or the library whose members are the helpers. Undefined for any other package or name.
 */
export function mergeImport(spec: string, name: string): Value | undefined {
  const whole = name === 'default' || name === '*';
  const single = SINGLE.get(spec);
  if (single) return whole ? mergeHelper(single, spec) : undefined;
  if (!LIBRARIES.has(spec)) return undefined;
  const member = (key: string) => {
    const merge = LIBRARY_MEMBERS.get(key);
    return merge ? mergeHelper(merge, `${spec}'s ${key}`) : undefined;
  };
  if (!whole) return member(name);
  return {
    kind: 'unknown',
    reason: `is the package '${spec}'`,
    members: member,
  };
}

function mergeHelper(merge: MergeKind, what: string): Value {
  return { kind: 'unknown', reason: `is ${what}`, merge };
}

/**
 * `_.defaults(target, ...sources)` (lodash's semantics: a key the target holds as undefined takes the first source's
 * value for it; the target's own defined keys win, null included), and `_.defaultsDeep` (`deep`), which also fills in
 * the nested objects both hold. Where the target's keys are unknown (a caller's object), a key a source sets is that
 * value unless the caller's object sets it: unknown, tied to the caller's parameter so that each call (a caller that
 * passes nothing) settles it. Undefined when a source is not an object the code shows (nothing is then known).
 */
export function defaultsOf(target: Value, sources: Value[], shown: string, deep = false): Value | undefined {
  const base = sources.find((s): s is Extract<Value, { kind: 'object' }> => s.kind === 'object')?.object;
  if (!base) return undefined;
  // A source the code does not show may fill any key the target leaves unset (and, deep, any nested one): left to the caller (a client that knows it).
  if (sources.some((s) => s.kind !== 'object' && !(s.kind === 'literal' && (s.value === undefined || s.value === null)))) return undefined;
  // A null or undefined target holds no keys; a key holding null is set (lodash fills only undefined ones).
  const absent = (v: Value) => v.kind === 'literal' && (v.value === undefined || v.value === null);
  const unset = (v: Value) => v.kind === 'literal' && v.value === undefined;
  const own = target.kind === 'object' ? target.object : undefined;
  // The target's unknown keys: a caller's object, or an object with a spread the code does not show.
  const unknownTarget = own ? (own.open ? { reason: own.open, param: own.openParam } : undefined) : absent(target) ? undefined : { reason: target.kind === 'unknown' ? target.reason : 'is not an object', param: target.kind === 'unknown' ? target.param : undefined };
  const props = new Map<string, PropertyValue>(own ? [...own.props].filter(([, p]) => !unset(p.value())) : []);
  const reads = [...(own?.reads ?? [])];
  for (const source of sources) {
    if (source.kind !== 'object') continue;
    reads.push(...source.object.reads);
    for (const [key, prop] of source.object.props) {
      const held = props.get(key);
      if (held && deep) props.set(key, deeper(held, prop, shown));
      if (held || unset(prop.value())) continue;
      const unless = unknownTarget ? `is ${describeValue(prop.value())} unless the object it fills in sets it (that object ${unknownTarget.reason.replace(/^`[^`]*` /, '')})` : undefined;
      props.set(key, unless ? undecided(prop, unless, unknownTarget?.param) : prop);
    }
  }
  return { kind: 'object', object: { ...base, props, reads, open: unknownTarget?.reason, openParam: unknownTarget?.param, computed: own?.computed, ...(unknownTarget ? { readOnly: `\`${shown}\` fills in an object the code does not show` } : {}) } };
}

/** `_.defaultsDeep`: a nested object the target holds takes the source's nested keys it leaves unset. */
function deeper(held: PropertyValue, source: PropertyValue, shown: string): PropertyValue {
  return {
    ...held,
    value: () => {
      const [v, s] = [held.value(), source.value()];
      return v.kind === 'object' && s.kind === 'object' ? (defaultsOf(v, [s], shown, true) ?? v) : v;
    },
  };
}

/** A fallback the target may override: unknown with why (and the caller's parameter), never edited here. */
function undecided(prop: PropertyValue, reason: string, param: ObjectValue['openParam']): PropertyValue {
  const v = prop.value();
  return { ...prop, readOnly: reason, value: () => ({ kind: 'unknown', reason, origin: v.kind === 'literal' ? v.origin : undefined, ...(param ? { param } : {}) }) };
}

function describeValue(v: Value): string {
  return v.kind === 'literal' ? JSON.stringify(v.value) ?? 'undefined' : `a ${v.kind}`;
}
