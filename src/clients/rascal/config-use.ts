// How a rascal config is used (given to a broker, merged with test defaults) and its vhost collections.
import type * as t from '@babel/types';
import { unwrap, type Node, type ParsedFile } from '../../parse/ast';
import { entriesOf, type ObjectValue, type PropertyValue } from '../../resolve/values';
import { propertyAt } from '../declarative-config/config-objects';
import { contextOf, type FileContext } from '../../resolve/file-context';

export const RASCAL = 'rascal';
/** How messages name the test defaults merged into a config (lib/config/tests.js), by how they are merged. */
export const RASCAL_TEST = { withTestConfig: "rascal's withTestConfig", testConfig: "rascal's testConfig" } as const;

/**
 * One rascal configuration object and how the code uses it. `test`: merged with rascal's test
 * defaults (`withTestConfig`, or `testConfig` itself), which make queues non-durable unless they say
 * otherwise. `usedAt`: the call that uses a config
 * written in another file (findings are reported there, in the analysed file).
 */
export interface ConfigUse {
  object: ObjectValue;
  test?: keyof typeof RASCAL_TEST;
  usedAt?: Node;
}

/** Entries of a keyed collection (`{ q1: {...} }`) or an array of names / `{ name }` objects. */
export interface CollectionEntry {
  /** The name as written: a key, a string item, or the `name` property. */
  name: { value?: string; reason?: string; node: Node };
  /** The node the entry is reported at (the property, or the array item). */
  node: Node;
  /** The entry's object literal, if it is one. */
  object?: ObjectValue;
  /** An array item that is just a name. */
  nameLiteral?: t.StringLiteral;
  file: ParsedFile;
}

export function collectionEntries(ctx: FileContext, prop: PropertyValue): CollectionEntry[] {
  const value = prop.value();
  const file = prop.file;
  if (value.kind === 'object') {
    return entriesOf(value.object).map((p) => {
      const v = p.value();
      const computed = !value.object.props.has(p.key) || value.object.props.get(p.key) !== p;
      const name = computed ? { reason: `the name is computed at run time (${p.key})`, node: p.node.key } : { value: p.key, node: p.node.key };
      return { name, node: p.node, object: v.kind === 'object' ? v.object : undefined, file: p.file };
    });
  }
  const owner = contextOf(ctx, file);
  const array = owner && prop.node.type === 'ObjectProperty' ? arrayNode(owner, prop.node.value as Node) : undefined;
  if (!array || !owner) return [];
  const out: CollectionEntry[] = [];
  for (const el of array.elements) {
    if (!el || el.type === 'SpreadElement') continue;
    const v = owner.resolver.resolve(el);
    if (v.kind === 'literal' && typeof v.value === 'string') {
      out.push({ name: { value: v.value, node: el }, node: el, nameLiteral: el.type === 'StringLiteral' ? el : undefined, file });
    } else if (v.kind === 'object') {
      const nameProp = v.object.props.get('name');
      const n = nameProp?.value();
      const name = n?.kind === 'literal' && typeof n.value === 'string' ? { value: n.value, node: nameProp!.node } : { reason: 'the queue entry has no literal name', node: el };
      out.push({ name, node: el, object: v.object, file });
    }
  }
  return out;
}

/** The array literal an expression is (directly, or through a const in the same file). */
function arrayNode(owner: FileContext, node: Node, depth = 0): t.ArrayExpression | undefined {
  const cur = unwrap(node);
  if (cur.type === 'ArrayExpression') return cur;
  if (cur.type !== 'Identifier' || depth > 4) return undefined;
  const b = owner.resolver.scopes.lookup(cur.name, cur);
  return b?.kind === 'const' && b.init && b.path.length === 0 ? arrayNode(owner, b.init, depth + 1) : undefined;
}

/**
 * Each vhost of a config (`vhosts.<v>`) that has the collection `key` (queues, exchanges), with that
 * collection; `name`: the vhost's name, when its key is written out (not computed).
 */
export function vhostCollections(cfg: ObjectValue, key: string): { vhost: ObjectValue; name?: string; collection: PropertyValue }[] {
  const vhosts = propertyAt(cfg, 'vhosts');
  const vhostsValue = 'found' in vhosts ? vhosts.found.value() : undefined;
  if (vhostsValue?.kind !== 'object') return [];
  const out: { vhost: ObjectValue; name?: string; collection: PropertyValue }[] = [];
  for (const vhost of entriesOf(vhostsValue.object)) {
    const v = vhost.value();
    const collection = v.kind === 'object' ? v.object.props.get(key) : undefined;
    const written = vhost.node.type === 'ObjectProperty' && !vhost.node.computed;
    if (v.kind === 'object' && collection) out.push({ vhost: v.object, ...(written ? { name: vhost.key } : {}), collection });
  }
  return out;
}
