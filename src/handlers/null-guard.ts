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

const TRANSPARENT = new Set(['ParenthesizedExpression', 'TSAsExpression', 'TSSatisfiesExpression', 'TSNonNullExpression', 'TSTypeAssertion']);
const MAX_DEPTH = 3;

/**
 * The first use of the message (parameter `index` of `fn`) that throws a TypeError when the message
 * is null, with no null check before it. Counts as a check: `if (!msg) return`, `if (msg === null)
 * { ...; return }`, `if (msg) { use }`, `msg && use`, `msg ? use : x`, `msg?.content`, and a
 * try/catch whose catch does not throw. A guard that throws instead of returning does not count:
 * it fails the same way.
 */
export function unguardedMessageUse(file: ParsedFile, scopes: Scopes, fn: t.Function, index: number, opts: NullUseOptions, depth = 0, seen = new Set<t.Function>()): { at: Node; what: string } | undefined {
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
    if (use && !guarded(file, fn, use.at, (e) => refersTo(scopes, e, binding!))) return use;
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

/** `msg?.a.b` is truthy only if msg is not null. */
function chainRoot(e: Node, isMsg: IsMessage): boolean {
  let cur = strip(e);
  while (cur.type === 'MemberExpression' || cur.type === 'OptionalMemberExpression' || cur.type === 'OptionalCallExpression' || cur.type === 'CallExpression') {
    cur = strip(cur.type === 'OptionalCallExpression' || cur.type === 'CallExpression' ? (cur.callee as Node) : cur.object);
  }
  return isMsg(cur);
}

/** A statement that leaves the function when the message is null: `if (!msg) return;`. */
function isReturnGuard(stmt: Node, isMsg: IsMessage): boolean {
  if (stmt.type !== 'IfStatement' || !nullWhenTrue(stmt.test, isMsg)) return false;
  const c = stmt.consequent;
  if (c.type === 'ReturnStatement') return true;
  return c.type === 'BlockStatement' && c.body.length > 0 && c.body[c.body.length - 1].type === 'ReturnStatement';
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
          if (isReturnGuard(stmt, isMsg)) return true;
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
