// How the code around a call uses it: its result, the function and loop it is in.
import type * as t from '@babel/types';
import { calleeMethod, isCall, isFunction, propertyKeyName, type Node, type ParsedFile } from '../../parse/ast';
import type { ResultUse } from '../../model';

const TRANSPARENT = new Set(['ParenthesizedExpression', 'TSAsExpression', 'TSSatisfiesExpression', 'TSNonNullExpression', 'TypeCastExpression', 'TSTypeAssertion']);
const LOOPS = new Set(['ForStatement', 'ForInStatement', 'ForOfStatement', 'WhileStatement', 'DoWhileStatement']);

/** How the code uses the value of a call expression. */
export function resultUse(file: ParsedFile, call: Node): ResultUse {
  let node = call;
  let parent = file.parentOf(node);
  while (parent && TRANSPARENT.has(parent.type)) {
    node = parent;
    parent = file.parentOf(node);
  }
  if (!parent) return 'ignored';
  switch (parent.type) {
    case 'AwaitExpression':
      // `if (!(await ch.publish(...)))`, `const ok = await ch.sendToQueue(...); if (!ok) ...`: the awaited value is tested.
      return awaitedValueTested(file, parent) ? 'tested' : 'awaited';
    case 'IfStatement':
    case 'ConditionalExpression':
    case 'WhileStatement':
      return (parent as t.IfStatement).test === node ? 'tested' : 'ignored';
    case 'UnaryExpression':
      // `void ch.publish(...)` drops the value on purpose; `!ch.publish(...)` tests it.
      return (parent as t.UnaryExpression).operator === 'void' ? 'ignored' : 'tested';
    case 'LogicalExpression':
      return 'tested';
    case 'ReturnStatement':
    case 'ArrowFunctionExpression':
      return 'returned';
    case 'VariableDeclarator':
    case 'AssignmentExpression':
      return 'stored';
    default:
      return 'ignored';
  }
}

/** The value of an `await` is tested where it is written, or kept in a variable that an `if`, `?:`, `while`, `!` or `&&`/`||` of its function reads. */
function awaitedValueTested(file: ParsedFile, awaited: Node): boolean {
  const use = resultUse(file, awaited);
  if (use === 'tested') return true;
  if (use !== 'stored') return false;
  let node = awaited;
  let holder = file.parentOf(node);
  while (holder && TRANSPARENT.has(holder.type)) {
    node = holder;
    holder = file.parentOf(node);
  }
  if (holder?.type !== 'VariableDeclarator' || holder.id.type !== 'Identifier') return false;
  const name = holder.id.name;
  const fn = enclosingFunction(file, holder);
  if (!fn) return false;
  return file.nodesUnder(fn).some((n) => n.type === 'Identifier' && n.name === name && n !== holder.id && resultUse(file, n) === 'tested');
}

export function enclosingFunction(file: ParsedFile, node: Node): t.Function | undefined {
  for (const a of file.ancestors(node)) if (isFunction(a)) return a;
  return undefined;
}

/** Inside a loop body of the same function (a callback inside the loop does not count). */
export function loopAround(file: ParsedFile, node: Node): Node | undefined {
  for (const a of file.ancestors(node)) {
    if (isFunction(a)) return undefined;
    if (LOOPS.has(a.type)) return a;
  }
  return undefined;
}

/**
 * The loop around a publish whose only waits are for confirms: every `await` in its body (outside nested
 * functions) is the publish itself or a call of `confirmWaits` (`waitForConfirms`). A loop that waits for
 * anything else (a pause between messages, a database read, a `for await` source) paces itself.
 */
export function confirmOnlyLoop(file: ParsedFile, call: Node, confirmWaits: readonly string[] = ['waitForConfirms']): Node | undefined {
  const loop = loopAround(file, call);
  if (!loop || (loop.type === 'ForOfStatement' && loop.await)) return undefined;
  const body = (loop as t.ForStatement | t.WhileStatement | t.DoWhileStatement | t.ForOfStatement | t.ForInStatement).body;
  for (const n of file.nodesUnder(body)) {
    if (n.type !== 'AwaitExpression' || !n.argument) continue;
    if ([...file.ancestors(n)].some((a) => a === body ? false : isFunction(a) && a.start! > body.start!)) continue;
    const awaited = unwrapParens(n.argument as Node);
    if (awaited === call) continue;
    if (isCall(awaited) && confirmWaits.includes(calleeMethod(awaited)?.method ?? '')) continue;
    return undefined;
  }
  return loop;
}

const unwrapParens = (node: Node): Node => (node.type === 'ParenthesizedExpression' || node.type === 'TSAsExpression' || node.type === 'TSNonNullExpression' ? unwrapParens(node.expression as Node) : node);

export function isAwaitedCallTo(file: ParsedFile, within: Node, method: string): boolean {
  for (const n of file.nodesUnder(within)) {
    if (!isCall(n)) continue;
    if (calleeMethod(n)?.method === method && resultUse(file, n) === 'awaited') return true;
  }
  return false;
}

export { propertyKeyName };
