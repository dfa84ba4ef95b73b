// Whether a handler uses its message before handling the null a broker cancel delivers.
import type * as t from '@babel/types';
import { calleeMethod, isFunction, type Node, type ParsedFile } from '../parse/ast';
import type { Binding, Scopes } from '../resolve/scope';
import { callArguments, isCall, isParamOf, nodesIn } from './message-path';
import { localFunctionOf } from './handler-function';

/** What the helpers need to know about the library: the calls that read `message.fields` (amqplib's ack). */
export interface NullUseOptions {
  /** Methods whose first argument is the message and that read its properties (ack, nack, reject). */
  messageMethods: ReadonlySet<string>;
}

const TRANSPARENT = new Set(['ParenthesizedExpression', 'TSAsExpression', 'TSSatisfiesExpression', 'TSNonNullExpression', 'TypeCastExpression', 'TSTypeAssertion']);
const MAX_DEPTH = 3;

/**
 * The first use of the message (parameter `index` of `fn`) that throws a TypeError when the message
 * is null, with no null check before it. Counts as a check: `if (!msg) return`, `if (msg === null)
 * { ...; throw ... }`, `if (msg == null) process.exit(1)`, `assert(msg)`, `if (msg) { use }`,
 * `msg && use`, `msg ? use : x`, `msg?.content`, and a try/catch whose catch does not throw. A use in
 * the branch where the message is null (`if (msg) {...} else { ch.nack(msg) }`) says so.
 */
export function unguardedMessageUse(file: ParsedFile, scopes: Scopes, fn: t.Function, index: number, opts: NullUseOptions, depth = 0, seen = new Set<t.Function>()): { at: Node; what: string; branch?: Node } | undefined {
  if (depth > MAX_DEPTH || seen.has(fn)) return undefined;
  seen.add(fn);
  const src = { fn, index };
  const param = fn.params[index];
  const pattern = param?.type === 'AssignmentPattern' ? param.left : param;
  if (pattern && (pattern.type === 'ObjectPattern' || pattern.type === 'ArrayPattern')) return { at: pattern, what: 'destructures the message in its parameter list' };
  if (!pattern || pattern.type !== 'Identifier') return undefined;
  const name = pattern.name;
  for (const node of nodesIn(file, fn)) {
    if (node.type !== 'Identifier' || node.name !== name || node === pattern || isPropertyName(file, node)) continue;
    const binding = scopes.lookup(name, node);
    if (!isParamOf(binding, src)) continue;
    const use = dereference(file, scopes, node, name, opts, depth, seen);
    const isMsg = (e: Node) => refersTo(scopes, e, binding!);
    if (!use || guarded(file, fn, use.at, isMsg)) continue;
    const branch = nullBranch(file, fn, use.at, isMsg);
    return branch ? { ...use, branch } : use;
  }
  return undefined;
}

/**
 * The handler's own first null check of its message (`if (!msg)`, `msg ? ... : ...`, `msg && ...`,
 * `assert(msg)`), if it has one: the author handles a cancel there, so a guard is not added above it.
 */
export function nullCheckOf(file: ParsedFile, scopes: Scopes, fn: t.Function, index: number): Node | undefined {
  const isMsg = messageTest(scopes, fn, index);
  if (!isMsg) return undefined;
  for (const node of nodesIn(file, fn)) {
    const test =
      node.type === 'IfStatement' || node.type === 'ConditionalExpression' ? node.test : node.type === 'LogicalExpression' ? node.left : node.type === 'ExpressionStatement' && isExitGuard(node, isMsg) ? node.expression : undefined;
    if (test && (nullWhenTrue(test, isMsg) || nonNullWhenTrue(test, isMsg) || test === (node as t.ExpressionStatement).expression)) return test;
  }
  return undefined;
}

/**
 * An async handler's own null check that throws (`if (msg === null) throw new Error(...)`, `assert(msg)`), when
 * nothing in the handler catches the throw: the library ignores the promise the handler returns, so the throw is
 * an unhandled rejection, which ends the Node process by default, as the TypeError it avoids would.
 */
export function throwingNullGuard(file: ParsedFile, scopes: Scopes, fn: t.Function, index: number): Node | undefined {
  const isMsg = fn.async ? messageTest(scopes, fn, index) : undefined;
  if (!isMsg) return undefined;
  for (const node of nodesIn(file, fn)) {
    if (node.type !== 'IfStatement' && node.type !== 'ExpressionStatement') continue;
    if (!isExitGuard(node, isMsg) || (node.type === 'IfStatement' && !throws(node.consequent))) continue;
    if (!caught(file, fn, node)) return node;
  }
  return undefined;
}

/** Whether an expression is the handler's message parameter (`index` of `fn`, a plain name), if it has one. */
function messageTest(scopes: Scopes, fn: t.Function, index: number): IsMessage | undefined {
  const param = fn.params[index];
  const pattern = param?.type === 'AssignmentPattern' ? param.left : param;
  if (!pattern || pattern.type !== 'Identifier') return undefined;
  const binding = scopes.lookup(pattern.name, fn.body);
  return binding ? (e: Node) => refersTo(scopes, e, binding) : undefined;
}

/** A statement that leaves by throwing: `throw`, or a block that ends with one. */
function throws(stmt: Node): boolean {
  if (stmt.type === 'ThrowStatement') return true;
  return stmt.type === 'BlockStatement' && stmt.body.length > 0 && throws(stmt.body[stmt.body.length - 1]);
}

/** Whether a throw at `node` is caught inside `fn` (a try around it whose catch does not throw again), or `node` is in a nested function. */
function caught(file: ParsedFile, fn: t.Function, node: Node): boolean {
  let child: Node = node;
  for (const parent of file.ancestors(node)) {
    if (parent === fn) return false;
    if (isFunction(parent)) return true;
    if (parent.type === 'TryStatement' && parent.block === child && catchSwallows(file, parent.handler)) return true;
    child = parent;
  }
  return false;
}

/** The test of an enclosing `if` or `?:` whose branch around the use runs only when the message is null. */
function nullBranch(file: ParsedFile, fn: t.Function, use: Node, isMsg: IsMessage): Node | undefined {
  let child: Node = use;
  for (const parent of file.ancestors(use)) {
    if (parent === fn) return undefined;
    if ((parent.type === 'IfStatement' || parent.type === 'ConditionalExpression') && parent.test !== child) {
      if ((parent.alternate === child && nonNullWhenTrue(parent.test, isMsg)) || (parent.consequent === child && nullWhenTrue(parent.test, isMsg))) return parent.test;
    }
    child = parent;
  }
  return undefined;
}

/** What the code does with a reference to the message, if it throws on null. */
function dereference(file: ParsedFile, scopes: Scopes, ref: Node, name: string, opts: NullUseOptions, depth: number, seen: Set<t.Function>): { at: Node; what: string } | undefined {
  let child: Node = ref;
  let parent = file.parentOf(ref);
  while (parent && TRANSPARENT.has(parent.type)) {
    child = parent;
    parent = file.parentOf(parent);
  }
  if (!parent) return undefined;
  if (parent.type === 'MemberExpression' && parent.object === child) return { at: parent, what: `reads ${file.source(parent).replace(/\s+/g, '')}` };
  if (parent.type === 'OptionalMemberExpression' && parent.object === child && !parent.optional) return { at: parent, what: `reads ${file.source(parent).replace(/\s+/g, '')}` };
  if (parent.type === 'VariableDeclarator' && parent.init === child && parent.id.type !== 'Identifier') return { at: parent, what: `destructures ${name}` };
  if (parent.type === 'AssignmentExpression' && parent.right === child && parent.left.type !== 'Identifier' && parent.left.type !== 'MemberExpression') return { at: parent, what: `destructures ${name}` };
  if (isCall(parent)) {
    const position = callArguments(parent).indexOf(child);
    if (position < 0) return undefined;
    const m = calleeMethod(parent);
    if (m && position === 0 && opts.messageMethods.has(m.method)) return { at: parent, what: `calls ${file.source(parent.callee).replace(/\s+/g, '')}(${name}), which reads ${name}.fields` };
    const callee = localFunctionOf(file, scopes, parent.callee);
    const inner = callee && unguardedMessageUse(file, scopes, callee, position, opts, depth + 1, seen);
    if (inner) return { at: parent, what: `passes ${name} to ${file.source(parent.callee).replace(/\s+/g, '')}(), which ${inner.what}` };
  }
  return undefined;
}

function isPropertyName(file: ParsedFile, id: Node): boolean {
  const parent = file.parentOf(id);
  if (!parent) return false;
  if ((parent.type === 'MemberExpression' || parent.type === 'OptionalMemberExpression') && parent.property === id && !parent.computed) return true;
  return (parent.type === 'ObjectProperty' || parent.type === 'ClassProperty' || parent.type === 'ObjectMethod' || parent.type === 'ClassMethod') && parent.key === id && !parent.computed && !(parent.type === 'ObjectProperty' && parent.shorthand);
}

function refersTo(scopes: Scopes, expr: Node, binding: Binding): boolean {
  const e = strip(expr);
  return e.type === 'Identifier' && scopes.lookup(e.name, e) === binding;
}

function strip(expr: Node): Node {
  let e = expr;
  while (TRANSPARENT.has(e.type)) e = (e as t.ParenthesizedExpression).expression;
  return e;
}

type IsMessage = (e: Node) => boolean;

const isNullish = (e: Node): boolean => e.type === 'NullLiteral' || (e.type === 'Identifier' && e.name === 'undefined');

/** True whenever the message is null: `!msg`, `msg === null`, `msg == null`, `!msg || x`, `!msg?.content`. */
function nullWhenTrue(test: Node, isMsg: IsMessage): boolean {
  const e = strip(test);
  if (e.type === 'UnaryExpression' && e.operator === '!') return nonNullWhenTrue(e.argument, isMsg);
  if (e.type === 'LogicalExpression' && e.operator === '||') return nullWhenTrue(e.left, isMsg) || nullWhenTrue(e.right, isMsg);
  if (e.type === 'LogicalExpression' && e.operator === '&&') return nullWhenTrue(e.left, isMsg) && nullWhenTrue(e.right, isMsg);
  if (e.type === 'BinaryExpression' && (e.operator === '==' || e.operator === '===')) {
    const [a, b] = [strip(e.left as Node), strip(e.right)];
    const strictNull = (x: Node) => (e.operator === '===' ? x.type === 'NullLiteral' : isNullish(x));
    return (isMsg(a) && strictNull(b)) || (isMsg(b) && strictNull(a));
  }
  return false;
}

/** True only if the message is not null: `msg`, `msg !== null`, `msg != null`, `msg && x`, `msg?.content`. */
function nonNullWhenTrue(test: Node, isMsg: IsMessage): boolean {
  const e = strip(test);
  if (isMsg(e)) return true;
  if (e.type === 'OptionalMemberExpression' || e.type === 'OptionalCallExpression') return chainRoot(e, isMsg);
  if (e.type === 'MemberExpression') return chainRoot(e, isMsg);
  if (e.type === 'UnaryExpression' && e.operator === '!') return nullWhenTrue(e.argument, isMsg);
  if (e.type === 'LogicalExpression' && e.operator === '&&') return nonNullWhenTrue(e.left, isMsg) || nonNullWhenTrue(e.right, isMsg);
  if (e.type === 'LogicalExpression' && e.operator === '||') return nonNullWhenTrue(e.left, isMsg) && nonNullWhenTrue(e.right, isMsg);
  if (e.type === 'BinaryExpression' && (e.operator === '!=' || e.operator === '!==')) {
    const [a, b] = [strip(e.left as Node), strip(e.right)];
    const excludesNull = (x: Node) => (e.operator === '!==' ? x.type === 'NullLiteral' : isNullish(x));
    return (isMsg(a) && excludesNull(b)) || (isMsg(b) && excludesNull(a));
  }
  return false;
}

/**
 * `msg?.a.b` is truthy only if msg is not null, and reading it never throws. `msg.properties.headers?.x`
 * throws on a null msg (the `?.` guards the headers, not the message): that is a use, not a check.
 */
function chainRoot(e: Node, isMsg: IsMessage): boolean {
  let cur = strip(e);
  let optional = false;
  while (cur.type === 'MemberExpression' || cur.type === 'OptionalMemberExpression' || cur.type === 'OptionalCallExpression' || cur.type === 'CallExpression') {
    optional = cur.type !== 'CallExpression' && cur.type !== 'MemberExpression' && !!cur.optional;
    cur = strip(cur.type === 'OptionalCallExpression' || cur.type === 'CallExpression' ? (cur.callee as Node) : cur.object);
  }
  return optional && isMsg(cur);
}

/** A statement that leaves the function: `return`, `throw`, `process.exit(...)`, or a block that ends with one. */
function leaves(stmt: Node): boolean {
  if (stmt.type === 'ReturnStatement' || stmt.type === 'ThrowStatement') return true;
  if (stmt.type === 'ExpressionStatement' && isCall(stmt.expression) && /^process\.exit$/.test(calleeText(stmt.expression))) return true;
  return stmt.type === 'BlockStatement' && stmt.body.length > 0 && leaves(stmt.body[stmt.body.length - 1]);
}

const calleeText = (call: t.CallExpression | t.OptionalCallExpression): string => {
  const m = calleeMethod(call);
  return m && m.object.type === 'Identifier' ? `${m.object.name}.${m.method}` : call.callee.type === 'Identifier' ? call.callee.name : '';
};

/** Assertions that throw unless their first argument is truthy: `assert(msg)`, `assert.ok(msg)`, `invariant(msg, ...)`. */
const ASSERTIONS = new Set(['assert', 'assert.ok', 'invariant', 'console.assert']);

/**
 * A statement the handler passes only with a message: `if (!msg) return;`, `if (msg === null) throw ...`,
 * `if (!msg) { log(); process.exit(1) }`, `assert(msg)`. A guard that throws is the author's choice of what a
 * cancel does: it is a check, and no second one is added above it.
 */
function isExitGuard(stmt: Node, isMsg: IsMessage): boolean {
  if (stmt.type === 'IfStatement') return nullWhenTrue(stmt.test, isMsg) && leaves(stmt.consequent);
  if (stmt.type !== 'ExpressionStatement' || !isCall(stmt.expression)) return false;
  const call = stmt.expression;
  // console.assert only logs.
  const name = calleeText(call);
  return ASSERTIONS.has(name) && name !== 'console.assert' && !!call.arguments[0] && nonNullWhenTrue(call.arguments[0] as Node, isMsg);
}

/** A catch that swallows the error: no throw in it (outside nested functions). */
function catchSwallows(file: ParsedFile, clause: t.CatchClause | null | undefined): boolean {
  if (!clause) return false;
  for (const n of nodesIn(file, clause.body)) {
    if (n.type === 'ThrowStatement' && ![...file.ancestors(n)].some((a) => isFunction(a) && a.start! >= clause.start!)) return false;
  }
  return true;
}

/** Whether a use is only reached when the message is not null (or its TypeError is caught). */
function guarded(file: ParsedFile, fn: t.Function, use: Node, isMsg: IsMessage): boolean {
  let child: Node = use;
  for (const parent of file.ancestors(use)) {
    switch (parent.type) {
      case 'IfStatement':
      case 'ConditionalExpression':
        if (parent.consequent === child && nonNullWhenTrue(parent.test, isMsg)) return true;
        if (parent.alternate === child && nullWhenTrue(parent.test, isMsg)) return true;
        break;
      case 'LogicalExpression':
        if (parent.right === child && parent.operator === '&&' && nonNullWhenTrue(parent.left, isMsg)) return true;
        if (parent.right === child && parent.operator === '||' && nullWhenTrue(parent.left, isMsg)) return true;
        break;
      case 'BlockStatement':
      case 'Program':
        for (const stmt of parent.body) {
          if (stmt === child) break;
          if (isExitGuard(stmt, isMsg)) return true;
        }
        break;
      case 'TryStatement':
        if (parent.block === child && catchSwallows(file, parent.handler)) return true;
        break;
    }
    if (parent === fn) return false;
    child = parent;
  }
  return false;
}
