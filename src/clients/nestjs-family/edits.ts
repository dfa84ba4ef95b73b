// Where the NestJS integrations put marker comments, and how they change one option of a config object.
import type { Node, ParsedFile } from '../../parse/ast';
import type { PropertyValue } from '../../resolve/values';
import type { RenderResult } from '../../fix/render-result';

/** Where the NestJS integrations put marker comments, and how they change one option of a config object. */

/**
 * Where a marker comment for a config object goes: above the first node, from `node` up to its
 * statement, that starts its own line (an entry of `imports: [...]`, a decorator, the statement).
 */
export function lineAnchor(file: ParsedFile, node: Node): number {
  const statement = file.statementOf(node);
  for (let cur: Node | undefined = node; cur; cur = file.parentOf(cur)) {
    const start = cur.start ?? 0;
    if (/^[ \t]*$/.test(file.text.slice(file.lines.lineStart(start), start))) return start;
    if (cur === statement) break;
  }
  return statement.start ?? 0;
}

/**
 * Sets an option in place, in the object literal that holds it (never at a constant it reads,
 * which other code may share): `isGlobalPrefetchCount: true` → `isGlobalPrefetchCount: false`.
 */
export function setPropertyInPlace(prop: PropertyValue, text: string): RenderResult {
  const { node, file } = prop;
  if (node.type !== 'ObjectProperty') return { ok: false, reason: `${prop.key} is written as a method` };
  if (node.shorthand) return { ok: true, edits: [{ start: node.start ?? 0, end: node.end ?? 0, text: `${prop.key}: ${text}`, file: file.path }], touched: [file.span(node)] };
  const value = node.value as Node;
  return { ok: true, edits: [{ start: value.start ?? 0, end: value.end ?? 0, text, file: file.path }], touched: [file.span(value)] };
}
