// Whether code can run at all, as far as the project shows: module code runs on load; a function runs when something
// calls it, exports it, registers or hands it on, decorates it (a framework hook), or it is in a test.
import type * as t from '@babel/types';
import { isCall, isFunction, type Node } from '../parse/ast';
import type { FileContext } from './file-context';
import { shared } from './file-context';
import { calledName, callSitesOf } from './call-sites';
import { exportedName } from './exported-api';
import { isTestFile } from './test-files';

/** How many callers up the search for a caller that runs goes; past it, a function is taken to run. */
const MAX_DEPTH = 3;
/** Methods a framework calls by name: NestJS's lifecycle hooks, a class's constructor. */
const HOOKS = new Set(['constructor', 'onModuleInit', 'onApplicationBootstrap', 'onModuleDestroy', 'beforeApplicationShutdown', 'onApplicationShutdown']);

/**
 * Why the code at `node` cannot run as far as the project shows, or undefined when it can (or the analysis cannot
 * tell): it is in a function that nothing in the repository calls, exports, registers, hands on or decorates, outside
 * a test. Callbacks run with the code around them; a function called only from such a function does not run either.
 */
export function unreachedWhy(ctx: FileContext, node: Node): string | undefined {
  const fn = ownerOf(ctx, node);
  return fn ? unreachedFunction(ctx, fn, 0, new Set()) : undefined;
}

/** The function whose run runs `node`: its enclosing function, or for a callback or an IIFE, the one around the call. */
function ownerOf(ctx: FileContext, node: Node): t.Function | undefined {
  let fn = ctx.file.innermostFunction({ start: node.start ?? 0, end: node.end ?? 0 });
  while (fn) {
    const parent = ctx.file.parentOf(fn);
    const handedOn = !!parent && (isCall(parent) || parent.type === 'NewExpression') && ((parent.arguments as Node[]).includes(fn) || parent.callee === fn);
    if (!handedOn) return fn;
    fn = ctx.file.innermostFunction({ start: parent!.start ?? 0, end: parent!.end ?? 0 });
  }
  return undefined;
}

function unreachedFunction(ctx: FileContext, fn: t.Function, depth: number, seen: Set<t.Function>): string | undefined {
  if (depth > MAX_DEPTH || seen.has(fn)) return undefined;
  seen.add(fn);
  return shared(ctx, `unreached:${fn.start}:${depth}`, () => ({ why: search(ctx, fn, depth, seen) })).why;
}

function search(ctx: FileContext, fn: t.Function, depth: number, seen: Set<t.Function>): string | undefined {
  if (isTestFile(ctx.file.path)) return undefined;
  if (fn.type === 'ClassMethod' || fn.type === 'ClassPrivateMethod') {
    // A framework's hook (a decorator, a lifecycle method) or a public method of a class others may hold: it runs.
    const key = fn.key.type === 'Identifier' ? fn.key.name : undefined;
    const hidden = fn.type === 'ClassPrivateMethod' || fn.accessibility === 'private' || fn.accessibility === 'protected';
    if (!hidden || (fn.decorators?.length ?? 0) > 0 || (key && HOOKS.has(key))) return undefined;
  } else if (fn.type === 'ObjectMethod' || ctx.file.parentOf(fn)?.type === 'ObjectProperty') {
    return undefined;
  }
  if (exportedName(ctx, fn)) return undefined;
  const name = calledName(ctx, fn);
  if (name === 'a function' || handedOnByName(ctx, fn)) return undefined;
  const project = ctx.resolver.project;
  const absolute = ctx.resolver.absolute;
  if (!project || !absolute) return undefined;
  const sites = callSitesOf(fn, ctx, absolute, project).filter((s) => !(s.ctx === ctx && (s.call.start ?? 0) >= (fn.start ?? 0) && (s.call.end ?? 0) <= (fn.end ?? 0)));
  if (!sites.length) return `${name}, which nothing in the repository calls, exports, registers or hands on`;
  // Called only from functions that never run.
  for (const site of sites) {
    const caller = ownerOf(site.ctx, site.call);
    if (!caller || !unreachedFunction(site.ctx, caller, depth + 1, seen)) return undefined;
  }
  return `${name}, which is called only from code that never runs`;
}

/** The function's name is used other than to call it (`app.listen(port, start)`, `export default { start }`, `handlers[k] = start`). */
function handedOnByName(ctx: FileContext, fn: t.Function): boolean {
  const parent = ctx.file.parentOf(fn);
  const id = 'id' in fn && fn.id ? fn.id : parent?.type === 'VariableDeclarator' && parent.id.type === 'Identifier' ? parent.id : undefined;
  if (!id) return fn.type !== 'ClassMethod' && fn.type !== 'ClassPrivateMethod';
  const binding = ctx.resolver.scopes.lookup(id.name, id);
  return ctx.file.nodes.some((n) => {
    if (n.type !== 'Identifier' || n === id || n.name !== id.name || ctx.resolver.scopes.lookup(n.name, n) !== binding) return false;
    const use = ctx.file.parentOf(n);
    return !(use && isCall(use) && use.callee === n) && !(use && isFunction(use));
  });
}
