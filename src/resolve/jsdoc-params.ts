// The type a JSDoc block gives a function's parameter.
import type * as t from '@babel/types';
import type { ParsedFile } from '../parse/ast';

/**
 * The type a JSDoc block gives a function's parameter (`@param {Channel} ch`), as written:
 * the block directly before the function, or before the statement or property that holds it.
 */
export function jsdocParamType(file: ParsedFile, fn: t.Function, name: string): string | undefined {
  const block = docBefore(file, fn.start ?? 0) ?? docBefore(file, file.statementOf(fn).start ?? 0) ?? holderDoc(file, fn);
  if (!block) return undefined;
  const escaped = name.replace(/[$]/g, '\\$');
  const m = new RegExp(`@param\\s*\\{([^}]*)\\}\\s*\\[?${escaped}(?![\\w$])`).exec(block.value);
  return m?.[1].trim();
}

/** `{ setup: /** @param ... *\/ function (ch) {...} }`-style holders: an object property or class member. */
function holderDoc(file: ParsedFile, fn: t.Function): t.Comment | undefined {
  const parent = file.parentOf(fn);
  return parent && (parent.type === 'ObjectProperty' || parent.type === 'ClassProperty') ? docBefore(file, parent.start ?? 0) : undefined;
}

/** The `/** ... *\/` comment that ends right before `at` (only whitespace between). */
function docBefore(file: ParsedFile, at: number): t.Comment | undefined {
  let found: t.Comment | undefined;
  for (const c of file.comments()) {
    if ((c.end ?? 0) > at) break;
    found = c;
  }
  if (!found || found.type !== 'CommentBlock' || !found.value.startsWith('*')) return undefined;
  return /^\s*$/.test(file.text.slice(found.end ?? 0, at)) ? found : undefined;
}
