// Clients whose topology is configuration data (rascal, moleculer): where a config comes from, reading
// nested config properties, and editing config objects in the style they are written in.
import type * as t from '@babel/types';
import { isCall, memberName, unwrap, type Node, type ParsedFile } from '../../parse/ast';
import { isJsonPath } from '../../parse';
import type { Span, TextEdit } from '../../model';
import type { ObjectValue, PropertyValue, Value } from '../../resolve/values';
import type { RenderResult } from '../../fix/render-result';
import { applyEdits, editObject } from '../../fix/object-edit';
import { lineEndingOf, preferredQuote, quoteString } from '../../text';
import type { FileContext } from '../../resolve/file-context';

/*
 * Helpers for clients whose topology is configuration data (rascal, moleculer): which package an
 * expression comes from, reading nested config properties, and editing config objects in the
 * file's own style (JSON included).
 */

/**
 * What `expr` names from a package matching `pkg`: '' for the module itself, 'Broker',
 * 'Transporters.AMQP', ...; undefined when it does not come from the package. Follows imports,
 * `require`, destructuring, consts and member access (`require('rascal').BrokerAsPromised`).
 */
export function exportPath(ctx: FileContext, expr: Node, pkg: RegExp, depth = 0): string | undefined {
  if (depth > 8) return undefined;
  const node = unwrap(expr);
  if (node.type === 'Identifier') {
    const b = ctx.resolver.scopes.lookup(node.name, node);
    if (!b) return undefined;
    if (b.kind === 'import') return b.importSource && pkg.test(b.importSource) ? join(b.importedName === '*' ? '' : (b.importedName ?? '')) : undefined;
    if ((b.kind === 'const' || b.kind === 'let' || b.kind === 'var') && b.init && b.init !== node) {
      const base = exportPath(ctx, b.init, pkg, depth + 1);
      return base === undefined ? undefined : join(base, ...b.path);
    }
    return undefined;
  }
  if (isCall(node)) {
    const callee = unwrap(node.callee);
    const arg = node.arguments[0];
    if (callee.type === 'Identifier' && callee.name === 'require' && arg?.type === 'StringLiteral') return pkg.test(arg.value) ? '' : undefined;
    return undefined;
  }
  if (node.type === 'MemberExpression' || node.type === 'OptionalMemberExpression') {
    const name = memberName(node);
    if (!name) return undefined;
    const base = exportPath(ctx, node.object, pkg, depth + 1);
    return base === undefined ? undefined : join(base, name);
  }
  return undefined;
}

/** A dotted export path; `default` segments (ESM interop) name the module itself. */
function join(...parts: string[]): string {
  return parts.filter((p) => p && p !== 'default').join('.');
}

/** True if the file imports or requires a package matching `pkg`. */
export function importsPackage(file: ParsedFile, pkg: RegExp): boolean {
  for (const node of file.nodes) {
    if (node.type === 'ImportDeclaration' && pkg.test(node.source.value)) return true;
    if (isCall(node) && node.callee.type === 'Identifier' && node.callee.name === 'require' && node.arguments[0]?.type === 'StringLiteral' && pkg.test(node.arguments[0].value)) return true;
  }
  return false;
}

/** A property reached through nested objects: found, unknown (with the value that is), or absent. */
export type PathResult = { found: PropertyValue } | { unknown: Value & { kind: 'unknown' } } | { absent: true };

export function propertyAt(obj: ObjectValue, ...keys: string[]): PathResult {
  let cur: ObjectValue = obj;
  for (let i = 0; i < keys.length; i++) {
    const prop = cur.props.get(keys[i]);
    if (!prop) return cur.open ? { unknown: { kind: 'unknown', reason: `the object ${cur.open}`, origin: cur.origin } } : { absent: true };
    if (i === keys.length - 1) return { found: prop };
    const value = prop.value();
    if (value.kind === 'unknown') return { unknown: value };
    if (value.kind !== 'object') return { absent: true };
    cur = value.object;
  }
  return { absent: true };
}

/** The expression a property holds (the property itself for a shorthand or a method). */
export function valueNode(prop: PropertyValue): Node {
  return prop.node.type === 'ObjectProperty' ? (prop.node.value as Node) : prop.node;
}

/**
 * Where a marker comment for a config entry goes: above the entry, or the nearest enclosing
 * property, that starts its line (the comment then sits inside the object literal), else above the
 * statement holding it.
 */
export function lineAnchor(file: ParsedFile, node: Node): number {
  for (const n of [node, ...file.ancestors(node)]) {
    if (n !== node && n.type !== 'ObjectProperty') continue;
    if (n.type === 'ExpressionStatement' || n.type === 'Program') break;
    const start = n.start ?? 0;
    let i = start;
    while (i > 0 && file.text[i - 1] !== '\n' && file.text[i - 1] !== '\r') i--;
    if (/^[ \t]*$/.test(file.text.slice(i, start))) return start;
  }
  return file.statementOf(node).start ?? 0;
}

/** How new keys and strings are written in a file: JSON needs double quotes, code keeps its style. */
export interface ConfigStyle {
  key(name: string): string;
  string(value: string): string;
}

export function configStyle(file: ParsedFile): ConfigStyle {
  const json = isJsonPath(file.path);
  const quote = json ? '"' : preferredQuote(file.text);
  return {
    key: (name) => (json || !/^[A-Za-z_$][\w$]*$/.test(name) ? quoteString(name, quote) : name),
    string: (value) => quoteString(value, quote),
  };
}

/** Edits of one object literal: remove some of its properties and append new ones, in its layout. */
export function editConfigObject(file: ParsedFile, obj: t.ObjectExpression, remove: Node[], insert: string[]): TextEdit[] {
  const span = { start: obj.start ?? 0, end: obj.end ?? 0, properties: obj.properties.map((p) => ({ start: p.start ?? 0, end: p.end ?? 0 })) };
  const removed = remove.map((n) => ({ start: n.start ?? 0, end: n.end ?? 0 }));
  return editObject(file.text, span, removed, insert, lineEndingOf(file.text)).map((e) => ({ ...e, file: file.path }));
}

/**
 * Removes a property; when that empties its object and the object is itself the value of a
 * property, that property goes too (`queueOptions: { durable: false }` disappears as a whole).
 */
export function removeConfigProperty(prop: PropertyValue): { edits: TextEdit[]; touched: Span[] } {
  const file = prop.file;
  const holder = prop.holder;
  const parent = file.parentOf(holder);
  if (holder.properties.length === 1 && parent?.type === 'ObjectProperty' && parent.value === holder) {
    const outer = file.parentOf(parent);
    if (outer?.type === 'ObjectExpression') return { edits: editConfigObject(file, outer, [parent], []), touched: [file.span(outer)] };
  }
  return { edits: editConfigObject(file, holder, [prop.node], []), touched: [file.span(holder)] };
}

/**
 * When a rendering leaves an options object empty (`queueOptions: {}`), the property holding it
 * goes instead: the library's defaults are what an empty object means anyway.
 */
export function dropEmptiedObject(result: RenderResult, holder: ObjectValue | undefined): RenderResult {
  if (!result.ok || !holder) return result;
  const { file, node } = holder;
  const start = node.start ?? 0;
  const end = node.end ?? 0;
  const inside = result.edits.filter((e) => (e.file ?? file.path) === file.path && e.start >= start && e.end <= end);
  if (!inside.length) return result;
  const after = applyEdits(file.text.slice(start, end), inside.map((e) => ({ ...e, start: e.start - start, end: e.end - start })));
  const parent = file.parentOf(node);
  const outer = parent && file.parentOf(parent);
  if (!/^\{\s*\}$/.test(after) || parent?.type !== 'ObjectProperty' || parent.value !== node || outer?.type !== 'ObjectExpression') return result;
  const others = result.edits.filter((e) => !inside.includes(e));
  return { ok: true, edits: [...others, ...editConfigObject(file, outer, [parent], [])], touched: [...result.touched, file.span(outer)] };
}
