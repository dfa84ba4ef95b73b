// Whether a connection or channel is opened once per unit of work (a consumed message, a request, an item of a loop), followed through callers across files.
import type * as t from '@babel/types';
import { calleeMethod, isCall, isFunction, memberName, unwrap, type Node, type ParsedFile } from '../../parse/ast';
import type { UnitOfWork } from '../../model';
import type { FileContext } from '../../resolve/file-context';
import { calledName, callSitesOf } from '../../resolve/call-sites';
import { handlerKindOf, ITERATION_METHODS, registrationKind } from './handler-kinds';
import { enclosingFunction } from './call-context';

/** How many callers up a unit of work is looked for. */
const MAX_CALLERS = 4;
const LOOPS = new Set(['ForStatement', 'ForInStatement', 'ForOfStatement', 'WhileStatement', 'DoWhileStatement']);
const TRANSPARENT = new Set(['AwaitExpression', 'ParenthesizedExpression', 'TSAsExpression', 'TSNonNullExpression', 'TSSatisfiesExpression']);

/** The library's calls that use what was opened for one unit of work: publishing on it, closing it. */
export interface WorkCalls {
  publish: readonly string[];
  close: readonly string[];
}

type Via = UnitOfWork['via'];

/**
 * The unit of work an open at `open` runs once for, if any: a consume, route or RPC handler, a loop whose
 * body publishes or closes what it opened (not a retry loop that ends once connected), or one of those
 * around a call of the function the open is in (its callers, in this file and the files that import it).
 * An open whose result is kept for the next call (`if (!this.channel) this.channel = ...`) has none.
 */
export function unitOfWorkOf(ctx: FileContext, open: Node, calls: WorkCalls): UnitOfWork | undefined {
  if (keptForReuse(ctx, open)) return undefined;
  return around(ctx, open, open, calls, [], new Set(), 0);
}

function around(ctx: FileContext, at: Node, open: Node, calls: WorkCalls, via: Via, seen: Set<t.Function>, depth: number): UnitOfWork | undefined {
  const file = ctx.file;
  let node = at;
  for (;;) {
    for (const loop of loopsAround(file, node)) {
      if (perItem(file, loop, loop, open, calls)) return here(file, 'a loop', loop, via);
    }
    const fn = enclosingFunction(file, node);
    if (!fn) return undefined;
    const kind = handlerKindOf(file, fn);
    if (kind) return here(file, kind, fn, via);
    const parent = file.parentOf(fn);
    // A callback run once per item of an array (`items.forEach(async (item) => ...)`).
    if (parent && isCall(parent) && parent.arguments.includes(fn as never) && ITERATION_METHODS.has(calleeMethod(parent)?.method ?? '')) {
      if (perItem(file, fn, parent, open, calls)) return here(file, 'a loop', parent, via);
    }
    // Any other callback (`.then(...)`, `new Promise(...)`, `setTimeout(...)`, an event) runs when the code around it does.
    if (parent && (isCall(parent) || parent.type === 'NewExpression') && parent.arguments.includes(fn as never)) {
      node = parent;
      continue;
    }
    return callers(ctx, fn, open, calls, via, seen, depth);
  }
}

/** The unit of work around the calls of `fn` and the places that register it as a handler. */
function callers(ctx: FileContext, fn: t.Function, open: Node, calls: WorkCalls, via: Via, seen: Set<t.Function>, depth: number): UnitOfWork | undefined {
  if (depth >= MAX_CALLERS || seen.has(fn)) return undefined;
  seen.add(fn);
  const project = ctx.resolver.project;
  const absolute = ctx.resolver.absolute;
  const name = calledName(ctx, fn);
  // The function is itself the handler, registered by name: "the HTTP route handler createOrder() at routes.ts:5".
  for (const reg of registrations(ctx, fn)) return here(reg.ctx.file, `${reg.kind} ${name}`, reg.at, via);
  if (!project || !absolute) return undefined;
  for (const site of callSitesOf(fn, ctx, absolute, project)) {
    // A call inside the function itself is a retry or a recursion, not a unit of work.
    if (site.ctx === ctx && site.call.start! >= fn.start! && site.call.end! <= fn.end!) continue;
    const found = around(site.ctx, site.call, open, calls, [...via, link(site.ctx.file, name, site.call)], seen, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * Where a named function or method is handed to a registration (`app.post('/x', createOrder)`,
 * `ch.consume(q, this.onMessage)`): in its own file, and for a function, in the files that import it.
 */
function registrations(ctx: FileContext, fn: t.Function): { ctx: FileContext; kind: string; at: Node }[] {
  const out: { ctx: FileContext; kind: string; at: Node }[] = [];
  const method = fn.type === 'ClassMethod' && fn.key.type === 'Identifier' ? fn.key.name : undefined;
  const name = calledName(ctx, fn).replace(/\(\)$/, '');
  const project = ctx.resolver.project;
  const absolute = ctx.resolver.absolute;
  const others = !method && project && absolute ? project.callerFiles(absolute).filter((f) => f !== absolute && project.host.read(f)?.includes(name)) : [];
  const files = [ctx, ...others.flatMap((f) => project!.context(f) ?? [])];
  // Only the calls that pass something by one of the names the function goes by can register it.
  const parent = ctx.file.parentOf(fn);
  const names = new Set([method ?? name.split('.').pop()!, ...('id' in fn && fn.id ? [fn.id.name] : []), ...(parent?.type === 'VariableDeclarator' && parent.id.type === 'Identifier' ? [parent.id.name] : [])]);
  for (const c of files) {
    for (const node of [...new Set([...names].flatMap((n) => c.file.callsWithArgumentNamed(n)))].sort((a, b) => (a.start ?? 0) - (b.start ?? 0))) {
      node.arguments.forEach((arg, i) => {
        const ref = boundTarget(arg as Node);
        const refers = method
          ? ref.type === 'MemberExpression' && ref.object.type === 'ThisExpression' && memberName(ref) === method && c.file.enclosingClass(ref) === ctx.file.enclosingClass(fn)
          : c === ctx
            ? refersTo(c, ref, fn)
            : (ref.type === 'Identifier' || ref.type === 'MemberExpression') && c.file.source(ref).endsWith(name) && resolvesTo(c, ref, fn);
        if (!refers) return;
        const kind = registrationKind(node, i, fn);
        if (kind) out.push({ ctx: c, kind, at: node });
      });
    }
  }
  return out;
}

function resolvesTo(ctx: FileContext, ref: Node, fn: t.Function): boolean {
  const v = ctx.resolver.resolve(ref);
  return v.kind === 'function' && v.node === fn;
}

/** `f.bind(this)` → `f`. */
function boundTarget(arg: Node): Node {
  const node = unwrap(arg);
  if (isCall(node) && calleeMethod(node)?.method === 'bind') return unwrap(calleeMethod(node)!.object);
  return node;
}

function refersTo(ctx: FileContext, ref: Node, fn: t.Function): boolean {
  if (ref.type !== 'Identifier') return false;
  const b = ctx.resolver.scopes.lookup(ref.name, ref);
  // A parameter of the function is not the function.
  if (!b || b.kind === 'param') return false;
  const decl = b.declaration;
  return decl === fn || (decl?.type === 'VariableDeclarator' && !!decl.init && unwrap(decl.init as Node) === fn);
}

function here(file: ParsedFile, kind: string, at: Node, via: Via): UnitOfWork {
  return { kind, file: file.path, line: file.lines.position(at.start ?? 0).line, via };
}

const link = (file: ParsedFile, name: string, at: Node): Via[number] => ({ name, file: file.path, line: file.lines.position(at.start ?? 0).line });

/** The loops around a node inside its function, innermost first. */
function loopsAround(file: ParsedFile, node: Node): Node[] {
  const out: Node[] = [];
  let child = node;
  for (const a of file.ancestors(node)) {
    if (isFunction(a)) break;
    // The node is in the body, not in the loop's own head (`for (const ch of await open())`).
    if (LOOPS.has(a.type) && (a as t.ForStatement | t.WhileStatement).body === child) out.push(a);
    child = a;
  }
  return out;
}

/**
 * A loop (or an iteration callback) that uses what it opens for one item: its body publishes or closes,
 * and it is not a retry loop that leaves once the open succeeded.
 */
function perItem(file: ParsedFile, body: Node, loop: Node, open: Node, calls: WorkCalls): boolean {
  if (LOOPS.has(loop.type) && retries(file, loop, open)) return false;
  const methods = new Set([...calls.publish, ...calls.close]);
  for (const n of file.nodesUnder(body)) {
    if (isCall(n) && methods.has(calleeMethod(n)?.method ?? '')) return true;
  }
  return false;
}

/**
 * A retry loop: after the open it leaves (`break`, `return`) outside a catch clause, or its test waits for
 * what the open assigns (`while (!connected)`, `while (!this.conn)`).
 */
function retries(file: ParsedFile, loop: Node, open: Node): boolean {
  const l = loop as t.WhileStatement | t.ForStatement | t.DoWhileStatement;
  for (const n of file.nodesUnder(l.body)) {
    if ((n.type !== 'BreakStatement' && n.type !== 'ReturnStatement') || n.start! < open.end!) continue;
    if (n.type === 'BreakStatement' && n.label) continue;
    const path = [...file.ancestors(n)];
    const inner = path.slice(0, path.indexOf(loop));
    if (inner.some((a) => isFunction(a) || a.type === 'CatchClause' || (n.type === 'BreakStatement' && (LOOPS.has(a.type) || a.type === 'SwitchStatement')))) continue;
    return true;
  }
  const test = 'test' in l && l.test ? file.source(l.test).replace(/\s+/g, '') : '';
  const target = assignedTarget(file, open);
  return !!test && !!target && test.includes(target);
}

/** The open's value through `await` and parentheses, and the node that takes it. */
function taker(file: ParsedFile, open: Node): { node: Node; parent?: Node } {
  let node = open;
  let parent = file.parentOf(node);
  while (parent && TRANSPARENT.has(parent.type)) {
    node = parent;
    parent = file.parentOf(node);
  }
  return { node, parent };
}

/** What the open's result is assigned to, as written (`this.channel`, `connection`), if it is assigned. */
function assignedTarget(file: ParsedFile, open: Node): string | undefined {
  const { node, parent } = taker(file, open);
  if (parent?.type === 'AssignmentExpression' && parent.right === node) return file.source(parent.left).replace(/\s+/g, '');
  return undefined;
}

/**
 * The open's result is kept for later calls: assigned with `??=` / `||=`, or assigned to a field or an outer
 * variable that a test in the same function checks first (`if (!this.channel)`, `if (conn) return conn`).
 */
function keptForReuse(ctx: FileContext, open: Node): boolean {
  const file = ctx.file;
  const { node, parent } = taker(file, open);
  if (parent?.type === 'AssignmentExpression' && parent.right === node && (parent.operator === '??=' || parent.operator === '||=')) return true;
  const fn = enclosingFunction(file, open);
  if (!fn) return false;
  // What the function keeps: the fields and outer variables it assigns.
  const kept = new Set<string>();
  for (const n of file.nodesUnder(fn)) {
    if (n.type !== 'AssignmentExpression') continue;
    const left = n.left;
    const outer = left.type === 'Identifier' && (() => {
      const b = ctx.resolver.scopes.lookup(left.name, left);
      const at = b?.id?.start ?? -1;
      return !b || at < fn.start! || at > fn.end!;
    })();
    if ((left.type === 'MemberExpression' && left.object.type === 'ThisExpression') || outer) kept.add(file.source(left).replace(/\s+/g, ''));
  }
  const target = assignedTarget(file, open);
  const mentions = (test: Node, names: Iterable<string>) => {
    const text = file.source(test).replace(/\s+/g, '');
    return [...names].some((f) => text.includes(f));
  };
  if (target && kept.has(target)) {
    for (const a of file.ancestors(open)) {
      if (a === fn) break;
      if ((a.type === 'IfStatement' || a.type === 'ConditionalExpression') && mentions(a.test, [target])) return true;
      if (a.type === 'LogicalExpression' && mentions(a.left, [target])) return true;
    }
  }
  // A function that leaves early when it already holds what it keeps (`if (channel) return channel;`) keeps every open in it.
  const body = fn.body.type === 'BlockStatement' ? fn.body.body : [];
  for (const stmt of body) {
    if (stmt.start! >= open.start!) break;
    if (stmt.type === 'IfStatement' && mentions(stmt.test, kept) && leaves(stmt.consequent)) return true;
  }
  return false;
}

/** A statement that leaves the function: `return x`, `throw`, or a block ending so. */
function leaves(stmt: t.Statement): boolean {
  if (stmt.type === 'ReturnStatement' || stmt.type === 'ThrowStatement') return true;
  return stmt.type === 'BlockStatement' && stmt.body.length > 0 && leaves(stmt.body[stmt.body.length - 1]);
}
