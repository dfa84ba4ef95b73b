// Whether a connection or channel is opened once per unit of work (a consumed message, a request, an item of a loop), followed through callers across files.
import type * as t from '@babel/types';
import { calleeMethod, isCall, isFunction, memberName, unwrap, type Node, type ParsedFile } from '../../parse/ast';
import type { UnitOfWork } from '../../model';
import type { FileContext } from '../../resolve/file-context';
import { calledName, callSitesOf } from '../../resolve/call-sites';
import { handlerKindOf, ITERATION_METHODS, registrationKind } from './handler-kinds';
import { enclosingFunction } from './call-context';
import { exportedName } from '../../resolve/exported-api';
import { packageRoleOf } from '../../resolve/package-role';
import { isTestFile } from '../../resolve/test-files';
import { loopBound } from './loop-bound';

/** How many callers up a unit of work is looked for. */
const MAX_CALLERS = 4;
const LOOPS = new Set(['ForStatement', 'ForInStatement', 'ForOfStatement', 'WhileStatement', 'DoWhileStatement']);
const TRANSPARENT = new Set(['AwaitExpression', 'ParenthesizedExpression', 'TSAsExpression', 'TSNonNullExpression', 'TypeCastExpression', 'TSSatisfiesExpression']);

/** The library's calls that use what was opened for one unit of work: publishing on it, closing it. */
export interface WorkCalls {
  publish: readonly string[];
  close: readonly string[];
}

type Via = UnitOfWork['via'];
/** The functions the search came through, from the open's own outwards (each one calls the one before it). */
type Chain = readonly { ctx: FileContext; fn: t.Function }[];

/** The loop a unit of work of kind 'a loop' is, and the file it is in (what bounds it is read there: loop-bound.ts). */
const LOOP_NODES = new WeakMap<UnitOfWork, { ctx: FileContext; node: Node }>();
export const loopOf = (unit: UnitOfWork): { ctx: FileContext; node: Node } | undefined => LOOP_NODES.get(unit);

function loopUnit(ctx: FileContext, loop: Node, via: Via): UnitOfWork {
  const unit = here(ctx.file, 'a loop', loop, via);
  LOOP_NODES.set(unit, { ctx, node: loop });
  return unit;
}

/**
 * The unit of work an open at `open` runs once for, if any: a consume, route or RPC handler, a loop whose
 * body publishes or closes what it opened (not a retry loop that ends once connected), or one of those
 * around a call of the function the open is in (its callers, in this file and the files that import it).
 * An open whose result is kept for the next call (`if (!this.channel) this.channel = ...`) has none.
 */
export function unitOfWorkOf(ctx: FileContext, open: Node, calls: WorkCalls): UnitOfWork | undefined {
  if (keptForReuse(ctx, open)) return undefined;
  return around(ctx, open, open, calls, [], new Set(), 0, []);
}

function around(ctx: FileContext, at: Node, open: Node, calls: WorkCalls, via: Via, seen: Set<t.Function>, depth: number, chain: Chain): UnitOfWork | undefined {
  const file = ctx.file;
  let node = at;
  for (;;) {
    for (const loop of loopsAround(file, node)) {
      // A loop over a few items the code writes out (`for (let i = 0; i < 5; i++)`, a list of queues) opens a few, once
      // per run of the code around it: that code decides (a request handler: per request; start-up: a pool).
      if (perItem(file, loop, loop, open, calls) && !fewWrittenOut(ctx, loop)) return loopUnit(ctx, loop, via);
    }
    const fn = enclosingFunction(file, node);
    if (!fn) return undefined;
    const kind = handlerKindOf(file, fn);
    if (kind) return here(file, kind, fn, via);
    const parent = file.parentOf(fn);
    // A callback run once per item of an array (`items.forEach(async (item) => ...)`).
    if (parent && isCall(parent) && parent.arguments.includes(fn as never) && ITERATION_METHODS.has(calleeMethod(parent)?.method ?? '')) {
      if (perItem(file, fn, parent, open, calls)) return loopUnit(ctx, parent, via);
    }
    // Any other callback (`.then(...)`, `new Promise(...)`, `setTimeout(...)`, an event) runs when the code around it does.
    if (parent && (isCall(parent) || parent.type === 'NewExpression') && parent.arguments.includes(fn as never)) {
      node = parent;
      continue;
    }
    return callers(ctx, fn, open, calls, via, seen, depth, chain);
  }
}

/** The unit of work around the calls of `fn` and the places that register it as a handler. */
function callers(ctx: FileContext, fn: t.Function, open: Node, calls: WorkCalls, via: Via, seen: Set<t.Function>, depth: number, chain: Chain): UnitOfWork | undefined {
  if (depth >= MAX_CALLERS || seen.has(fn)) return undefined;
  seen.add(fn);
  const project = ctx.resolver.project;
  const absolute = ctx.resolver.absolute;
  const name = calledName(ctx, fn);
  // The function is itself the handler, registered by name: "the HTTP route handler createOrder() at routes.ts:5".
  for (const reg of registrations(ctx, fn)) return here(reg.ctx.file, `${reg.kind} ${name}`, reg.at, via);
  if (!project || !absolute) return undefined;
  let kept: Set<string> | undefined;
  let called = false;
  for (const site of callSitesOf(fn, ctx, absolute, project)) {
    if (!isTestFile(site.ctx.file.path)) called = true;
    // A call inside the function itself is a retry or a recursion, not a unit of work.
    if (site.ctx === ctx && site.call.start! >= fn.start! && site.call.end! <= fn.end!) continue;
    // A lazy initialisation: the call runs only until the state the function sets is there (`if (!this.isInit) await this.initialize()`).
    kept ??= keptBy(ctx, fn);
    if (guardedByState(site.ctx, site.call, kept)) continue;
    const found = around(site.ctx, site.call, open, calls, [...via, link(site.ctx.file, name, site.call)], seen, depth + 1, [...chain, { ctx, fn }]);
    if (found) return found;
  }
  // Nothing in the project calls it: a library's API, called by its users once per message they send.
  return called ? undefined : libraryCall(ctx, fn, open, calls, via, depth, chain);
}

/**
 * An exported function (or public method of an exported class) of a library package that opens what it sends on, with
 * no caller in the project to say how often it runs: its users call it per message (`publish(queue, body)`), so each
 * message opens a new one. The send may be in the function or in one it calls on the way to the open (`sendMessage()`
 * → `processMessage()`, which connects through an injected manager and publishes), once per call or for each item of
 * the list the call hands in. In an application, only the function that opens and sends itself, in a module another file
 * imports, counts, and the finding says its callers are not followed (called through a DI container or by name:
 * `exported.unfollowed`). Whether it
 * closes what it opens (`depth` 0: the open is in the function itself) says if it leaks.
 */
function libraryCall(ctx: FileContext, fn: t.Function, open: Node, calls: WorkCalls, via: Via, depth: number, chain: Chain): UnitOfWork | undefined {
  const file = ctx.file;
  if (isTestFile(file.path)) return undefined;
  const library = !!packageRoleOf(ctx)?.library;
  // In an application, a helper nothing calls may be dead code: only one that is all of it (opens, sends, in itself), in
  // a module another file imports, is named.
  if (!library && (depth > 0 || !referencedElsewhere(ctx))) return undefined;
  const name = exportedName(ctx, fn);
  if (!name) return undefined;
  const publishes = new Set(calls.publish);
  const sends = [{ ctx, fn }, ...(library ? chain : [])].some((f) => f.ctx.file.nodesUnder(f.fn).some((n) => isCall(n) && publishes.has(calleeMethod(n)?.method ?? '') && sentPerCall(f.ctx, f.fn, n)));
  if (!sends) return undefined;
  const leaks = depth === 0 && neverClosed(ctx, fn, open, calls);
  return { ...here(file, `${name}()`, fn, via), per: 'message', exported: { name: `${name}()`, ...(leaks ? { leaks: true } : {}), ...(library ? {} : { unfollowed: true }) } };
}

/**
 * Another file of the project imports the module (a DI container that registers it: `asValue(require('./lib/rabbitmq'))`):
 * its functions are used, in ways the analysis may not follow. Importers only: they are in the module's connected
 * component, which a worker thread or the cache analyses as one unit.
 */
function referencedElsewhere(ctx: FileContext): boolean {
  const project = ctx.resolver.project;
  const absolute = ctx.resolver.absolute;
  return !!project && !!absolute && project.callerFiles(absolute).some((f) => f !== absolute);
}

/**
 * A publish that runs once per call of `fn`: in its body or in a promise's executor or `.then` callback in it (an
 * RPC's request), not in a consume handler or other callback that runs once per message, nor in a loop unless it
 * goes over a list the call is handed (`for (const m of messages)`, `messages` a parameter: the call's batch).
 */
function sentPerCall(ctx: FileContext, fn: t.Function, publish: Node): boolean {
  const file = ctx.file;
  let node: Node = publish;
  for (;;) {
    if (loopsAround(file, node).some((loop) => !loopBound(ctx, loop).parameter)) return false;
    const inner = enclosingFunction(file, node);
    if (!inner) return false;
    if (inner === fn) return true;
    const parent = file.parentOf(inner);
    const promise = parent?.type === 'NewExpression' && parent.callee.type === 'Identifier' && parent.callee.name === 'Promise';
    const then = !!parent && isCall(parent) && parent.arguments[0] === (inner as never) && calleeMethod(parent)?.method === 'then';
    if (!promise && !then) return false;
    node = parent!;
  }
}

/**
 * The open's value is a local of the function that only receives method calls, none of them a close: the
 * function drops it open (nothing returns it, stores it or hands it on).
 */
function neverClosed(ctx: FileContext, fn: t.Function, open: Node, calls: WorkCalls): boolean {
  const file = ctx.file;
  const { node, parent } = taker(file, open);
  if (parent?.type !== 'VariableDeclarator' || parent.init !== node || parent.id.type !== 'Identifier') return false;
  if (!onlyCalledOn(ctx, fn, parent.id, calls)) return false;
  // A channel of a connection the function closes (`connection.createChannel()`, then `connection.close()`) is closed with it.
  const m = isCall(open) ? calleeMethod(open) : undefined;
  const connection = m && unwrap(m.object);
  return !(connection?.type === 'Identifier' && !onlyCalledOn(ctx, fn, connection, calls));
}

/** Every use of the variable `id` in `fn` is a method call on it, none of them a close. */
function onlyCalledOn(ctx: FileContext, fn: t.Function, id: t.Identifier, calls: WorkCalls): boolean {
  const file = ctx.file;
  const binding = ctx.resolver.scopes.lookup(id.name, id);
  const closes = new Set(calls.close);
  for (const n of file.nodesUnder(fn)) {
    if (n.type !== 'Identifier' || n === binding?.id || n.name !== id.name || ctx.resolver.scopes.lookup(n.name, n) !== binding) continue;
    const use = file.parentOf(n);
    const call = use && file.parentOf(use);
    const method = use?.type === 'MemberExpression' && use.object === n && call && isCall(call) && call.callee === use ? memberName(use) : undefined;
    if (!method || closes.has(method)) return false;
  }
  return true;
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

/** How many connections or channels a loop may open, over items the code writes out, and still be a pool rather than churn. */
const FEW_OPENS = 32;

function fewWrittenOut(ctx: FileContext, loop: Node): boolean {
  const b = loopBound(ctx, loop);
  return b.kind === 'bounded' && b.by === 'fixed' && (b.count ?? Infinity) <= FEW_OPENS;
}

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
  const kept = keptBy(ctx, fn);
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
  // A lazy initialisation block: an `if` testing kept state that its own block sets (`if (X.channel === null) { const
  // connection = await connect(url); X.channel = connection.createChannel(); }`) runs until that state is there.
  for (const a of file.ancestors(open)) {
    if (a === fn) break;
    if (a.type !== 'IfStatement' || !(a.consequent.start! <= open.start! && open.end! <= a.consequent.end!)) continue;
    const setHere = [...kept].filter((k) => file.nodesUnder(a.consequent).some((n) => n.type === 'AssignmentExpression' && file.source(n.left).replace(/\s+/g, '') === k));
    if (setHere.length && mentions(a.test, setHere)) return true;
  }
  // A function that leaves early when it already holds what it keeps (`if (channel) return channel;`) keeps every open in it.
  const body = fn.body.type === 'BlockStatement' ? fn.body.body : [];
  for (const stmt of body) {
    if (stmt.start! >= open.start!) break;
    if (stmt.type === 'IfStatement' && mentions(stmt.test, kept) && leaves(stmt.consequent)) return true;
  }
  return false;
}

/** What a function keeps for later calls: the fields (`this.channel`) and outer variables it assigns, as written. */
function keptBy(ctx: FileContext, fn: t.Function): Set<string> {
  const file = ctx.file;
  const kept = new Set<string>();
  for (const n of file.nodesUnder(fn)) {
    if (n.type !== 'AssignmentExpression') continue;
    const left = n.left;
    const declaredOutside = (id: t.Identifier) => {
      const b = ctx.resolver.scopes.lookup(id.name, id);
      const at = b?.id?.start ?? -1;
      return !b || at < fn.start! || at > fn.end!;
    };
    const outer = left.type === 'Identifier' && declaredOutside(left);
    // A field of this object, or of a class or module object declared outside (a static field: `RabbitMQ.connection = ...`).
    const field = left.type === 'MemberExpression' && (left.object.type === 'ThisExpression' || (left.object.type === 'Identifier' && declaredOutside(left.object)));
    if (field || outer) kept.add(file.source(left).replace(/\s+/g, ''));
  }
  return kept;
}

/**
 * A call that runs only while the state its function sets is missing: inside a test of that state
 * (`if (!this.isInit) await this.initialize()`, `if (!this.channel) { await this.connect(); }`,
 * `this.ready || (await this.init())`), or after a statement that leaves when it is there (`if (this.channel) return;`).
 * Fields are matched on the call's receiver (`svc.init()` is guarded by `svc.isInit`).
 */
function guardedByState(ctx: FileContext, call: t.CallExpression | t.OptionalCallExpression | t.NewExpression, kept: Set<string>): boolean {
  if (!kept.size) return false;
  const file = ctx.file;
  const m = call.type === 'NewExpression' ? undefined : calleeMethod(call);
  const receiver = m ? file.source(m.object).replace(/\s+/g, '') : undefined;
  const names = [...kept].map((k) => (k.startsWith('this.') && receiver !== undefined ? `${receiver}${k.slice(4)}` : k));
  const pattern = new RegExp(`(?:^|[^\\w$.])(?:${names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?![\\w$])`);
  const mentions = (test: Node) => pattern.test(file.source(test).replace(/\s+/g, ''));
  const fn = enclosingFunction(file, call);
  let child: Node = call;
  for (const a of file.ancestors(call)) {
    if (a === fn) break;
    if ((a.type === 'IfStatement' || a.type === 'ConditionalExpression') && a.test !== child && mentions(a.test)) return true;
    if (a.type === 'LogicalExpression' && a.right === child && mentions(a.left)) return true;
    if (a.type === 'BlockStatement') {
      for (const stmt of a.body) {
        if (stmt === child) break;
        if (stmt.type === 'IfStatement' && mentions(stmt.test) && leaves(stmt.consequent)) return true;
      }
    }
    child = a;
  }
  return false;
}

/** A statement that leaves the function: `return x`, `throw`, or a block ending so. */
function leaves(stmt: t.Statement): boolean {
  if (stmt.type === 'ReturnStatement' || stmt.type === 'ThrowStatement') return true;
  return stmt.type === 'BlockStatement' && stmt.body.length > 0 && leaves(stmt.body[stmt.body.length - 1]);
}
