// How the code around a call uses it: its result, the function and loop it is in, the handler kind.
import type * as t from '@babel/types';
import { calleeMethod, isCall, isFunction, propertyKeyName, type Node, type ParsedFile } from '../../parse/ast';
import type { ResultUse } from '../../model';

const TRANSPARENT = new Set(['ParenthesizedExpression', 'TSAsExpression', 'TSSatisfiesExpression', 'TSNonNullExpression', 'TSTypeAssertion']);
const LOOPS = new Set(['ForStatement', 'ForInStatement', 'ForOfStatement', 'WhileStatement', 'DoWhileStatement']);
const HTTP_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'all', 'use', 'head', 'options']);
const HTTP_DECORATORS = new Set(['Get', 'Post', 'Put', 'Patch', 'Delete', 'All', 'MessagePattern', 'EventPattern']);

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
      return 'awaited';
    case 'IfStatement':
    case 'ConditionalExpression':
    case 'WhileStatement':
      return (parent as t.IfStatement).test === node ? 'tested' : 'ignored';
    case 'UnaryExpression':
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

/** "an HTTP route handler" / "a message handler" when the function is one, else undefined. */
export function handlerKind(file: ParsedFile, fn: t.Function | undefined): string | undefined {
  if (!fn) return undefined;
  if (fn.type === 'ClassMethod') {
    const decorators = (fn.decorators ?? []).map((d) => decoratorName(d.expression as Node));
    if (decorators.some((d) => d && HTTP_DECORATORS.has(d))) return 'a request handler';
    return undefined;
  }
  const parent = file.parentOf(fn);
  if (!parent || !isCall(parent) || !parent.arguments.includes(fn as never)) return undefined;
  const m = calleeMethod(parent);
  if (m && HTTP_METHODS.has(m.method) && parent.arguments[0]?.type === 'StringLiteral') return 'an HTTP route handler';
  if (m && m.method === 'createServer') return 'an HTTP request handler';
  if (m && m.method === 'consume' && parent.arguments[1] === (fn as never)) return 'a message handler';
  if (m && m.method === 'on' && parent.arguments[0]?.type === 'StringLiteral' && ['message', 'request'].includes(parent.arguments[0].value)) {
    return `a '${parent.arguments[0].value}' handler`;
  }
  return undefined;
}

function decoratorName(expr: Node): string | undefined {
  if (expr.type === 'CallExpression' && expr.callee.type === 'Identifier') return expr.callee.name;
  if (expr.type === 'Identifier') return expr.name;
  return undefined;
}

/** Method names called anywhere inside a function body (including nested callbacks). */
export function methodsCalledIn(file: ParsedFile, fn: t.Function): Set<string> {
  const out = new Set<string>();
  for (const n of file.nodesUnder(fn)) {
    if (!isCall(n)) continue;
    const m = calleeMethod(n);
    if (m) out.add(m.method);
  }
  return out;
}

export function isAwaitedCallTo(file: ParsedFile, within: Node, method: string): boolean {
  for (const n of file.nodesUnder(within)) {
    if (!isCall(n)) continue;
    if (calleeMethod(n)?.method === method && resultUse(file, n) === 'awaited') return true;
  }
  return false;
}

export { propertyKeyName };
