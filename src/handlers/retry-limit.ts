// Whether a republish runs only once a retry count has reached its limit (a parking lot), read from the tests around it.
import type * as t from '@babel/types';
import { isFunction, unwrap, type Node, type ParsedFile } from '../parse/ast';
import type { Scopes } from '../resolve/scope';

/** Whether an expression holds the retry count: it reads it, or is a variable or call whose value does. */
export type IsCount = (expr: Node) => boolean;

const HIGH_WHEN_TRUE: Record<string, 'left' | 'right'> = { '>': 'left', '>=': 'left', '<': 'right', '<=': 'right' };

/**
 * Whether the count test `test` is true only when the count is at or above its limit (`count >= MAX`,
 * `MAX < count`), false only then (`count < MAX`), or says nothing about it.
 */
function highWhenTrue(test: Node, isCount: IsCount): boolean | undefined {
  const e = unwrap(test);
  if (e.type === 'UnaryExpression' && e.operator === '!') {
    const inner = highWhenTrue(e.argument, isCount);
    return inner === undefined ? undefined : !inner;
  }
  if (e.type !== 'BinaryExpression' || !Object.hasOwn(HIGH_WHEN_TRUE, e.operator)) return undefined;
  const left = isCount(e.left as Node);
  const right = isCount(e.right);
  if (left === right) return undefined;
  return (HIGH_WHEN_TRUE[e.operator] === 'left') === left;
}

/** A statement that leaves the function or the loop around it: `return`, `throw`, or a block ending with one. */
function leaves(stmt: Node): boolean {
  if (stmt.type === 'ReturnStatement' || stmt.type === 'ThrowStatement') return true;
  return stmt.type === 'BlockStatement' && stmt.body.length > 0 && leaves(stmt.body[stmt.body.length - 1]);
}

/**
 * Whether `node` (a republish in `fn`) runs only when the retry count has reached its limit: in the branch of a
 * count test taken at the limit (`if (count >= MAX) { park(msg) }`, the `else` of `if (count < MAX)`), or after an
 * `if (count < MAX) { ...; return; }` in the same block.
 */
export function pastRetryLimit(file: ParsedFile, fn: t.Function, node: Node, isCount: IsCount): boolean {
  let child: Node = node;
  for (const parent of file.ancestors(node)) {
    if (parent === fn || isFunction(parent)) return false;
    if ((parent.type === 'IfStatement' || parent.type === 'ConditionalExpression') && parent.test !== child) {
      const high = highWhenTrue(parent.test, isCount);
      if (high !== undefined) return parent.consequent === child ? high : !high;
    }
    if (parent.type === 'BlockStatement') {
      for (const stmt of parent.body) {
        if (stmt === child) break;
        if (stmt.type === 'IfStatement' && !stmt.alternate && leaves(stmt.consequent)) {
          const high = highWhenTrue(stmt.test, isCount);
          if (high !== undefined) return !high;
        }
      }
    }
    child = parent;
  }
  return false;
}

/**
 * An IsCount for the count reads found in a handler: an expression that contains one of them, or a variable of
 * the function whose initial value does (`const retries = deaths.reduce((n, d) => n + d.count, 0)`), or a call
 * of one of `countingFunctions` (a helper that reads the count), or what `holdsCount` says holds it (a parameter
 * the count is handed to).
 */
export function countTest(scopes: Scopes, reads: Node[], countingFunctions: ReadonlySet<t.Function>, resolveFunction: (callee: Node) => t.Function | undefined, holdsCount?: IsCount): IsCount {
  const contains = (e: Node) => reads.some((r) => (r.start ?? 0) >= (e.start ?? 0) && (r.end ?? 0) <= (e.end ?? 0));
  const isCount = (expr: Node, depth = 0): boolean => {
    const e = unwrap(expr);
    if (depth > 4) return false;
    if (contains(e) || holdsCount?.(e)) return true;
    if (e.type === 'Identifier') {
      const b = scopes.lookup(e.name, e);
      return !!b?.init && !scopes.isReassigned(e.name) && isCount(b.init as Node, depth + 1);
    }
    if (e.type === 'CallExpression') {
      const callee = resolveFunction(e.callee as Node);
      if (callee && countingFunctions.has(callee)) return true;
      // `Number(x)`, `parseInt(x, 10)`: the count it converts.
      return e.arguments.length > 0 && e.callee.type === 'Identifier' && /^(Number|parseInt)$/.test(e.callee.name) && isCount(e.arguments[0] as Node, depth + 1);
    }
    if (e.type === 'LogicalExpression') return isCount(e.left, depth + 1) || isCount(e.right, depth + 1);
    if (e.type === 'BinaryExpression' && (e.operator === '+' || e.operator === '-')) return isCount(e.left as Node, depth + 1) || isCount(e.right, depth + 1);
    return false;
  };
  return (e) => isCount(e);
}
