// The calls of a function in its file and in the files that import it, directly or not (wrapper expansion).
import type * as t from '@babel/types';
import { isCall, memberName, unwrap, type Node, type ParsedFile } from '../parse/ast';
import type { FileContext } from './file-context';
import type { ProjectView as Project } from './contracts';
import { functionName } from './values';
import { commandLineAction, isActionHandler, type ActionCall } from './cli-options';
import { constructionsOf } from './constructions';
import { mentionsWord } from './text-mentions';

export interface CallSite {
  call: t.CallExpression | t.OptionalCallExpression | t.NewExpression;
  ctx: FileContext;
  absolute: string;
  /** For a method called on `new C(...)` (directly or through a variable): that construction. */
  construction?: t.NewExpression;
}

/** The name a function is called by, and whether it is a method (`this.name(...)`). */
function nameOf(ctx: FileContext, fn: t.Function): { name: string; method: boolean } | undefined {
  if (fn.type === 'FunctionDeclaration' && fn.id) return { name: fn.id.name, method: false };
  if ((fn.type === 'ClassMethod' || fn.type === 'ObjectMethod') && fn.key.type === 'Identifier') return { name: fn.key.name, method: fn.type === 'ClassMethod' };
  const parent = ctx.file.parentOf(fn);
  if (parent?.type === 'VariableDeclarator' && parent.id.type === 'Identifier') return { name: parent.id.name, method: false };
  if (parent?.type === 'ClassProperty' && parent.key.type === 'Identifier') return { name: parent.key.name, method: true };
  // CommonJS: `exports.name = function (...) {...}` / `module.exports.name = ...`, called by importers only.
  if (parent?.type === 'AssignmentExpression' && parent.right === fn && parent.left.type === 'MemberExpression' && isExportsObject(parent.left.object as Node)) {
    const name = memberName(parent.left);
    if (name) return { name, method: false };
  }
  return undefined;
}

/** How a report names a function: its own name, or the name it is called by (`const f = () => ...`, `exports.f = ...`). */
export function calledName(ctx: FileContext, fn: t.Function): string {
  const own = functionName(fn);
  const named = own === 'a function' ? nameOf(ctx, fn) : undefined;
  return named ? `${named.name}()` : own;
}

/** `export default function name(...)`, `export default name` or `module.exports = name`. */
function isDefaultExport(ctx: FileContext, fn: t.Function, name: string): boolean {
  if (ctx.file.parentOf(fn)?.type === 'ExportDefaultDeclaration') return true;
  return defaultExportNames(ctx.file).has(name);
}

const DEFAULT_EXPORTS = new WeakMap<ParsedFile, Set<string>>();

/** The names a file exports as its default (`export default name`, `module.exports = name`), read once per file. */
function defaultExportNames(file: ParsedFile): Set<string> {
  let names = DEFAULT_EXPORTS.get(file);
  if (names) return names;
  names = new Set();
  for (const s of file.ast.program.body) {
    const value = s.type === 'ExportDefaultDeclaration' ? (s.declaration as Node) : s.type === 'ExpressionStatement' && s.expression.type === 'AssignmentExpression' && s.expression.left.type === 'MemberExpression' && isExportsObject(s.expression.left) ? (s.expression.right as Node) : undefined;
    if (value?.type === 'Identifier') names.add(value.name);
  }
  DEFAULT_EXPORTS.set(file, names);
  return names;
}

/** A function without a name that is the module's value: `module.exports = (...) => {...}`, `export default function (...) {...}`. */
function isAnonymousDefaultExport(ctx: FileContext, fn: t.Function): boolean {
  const parent = ctx.file.parentOf(fn);
  if (parent?.type === 'ExportDefaultDeclaration') return true;
  return parent?.type === 'AssignmentExpression' && parent.right === fn && parent.left.type === 'MemberExpression' && isExportsObject(parent.left) && ctx.file.parentOf(parent)?.type === 'ExpressionStatement';
}

function isExportsObject(node: Node): boolean {
  if (node.type === 'Identifier') return node.name === 'exports';
  return node.type === 'MemberExpression' && node.object.type === 'Identifier' && node.object.name === 'module' && memberName(node) === 'exports';
}

/** Calls of `fn` in its own file and in the files that import it (for a constructor: `new` of its class). */
export function callSitesOf(fn: t.Function, home: FileContext, homeAbsolute: string, project: Project): CallSite[] {
  // The files that can call it: its own, and those that import it, directly or through others (barrels, `export *`).
  const candidates = project.callerFiles(homeAbsolute);
  if (fn.type === 'ClassMethod' && fn.kind === 'constructor') return constructions(fn, home, homeAbsolute, project, candidates);
  if (fn.type === 'ClassMethod' && fn.static && fn.key.type === 'Identifier') return staticCalls(fn, fn.key.name, home, homeAbsolute, project);
  const proto = prototypeMethodOf(home, fn);
  if (proto) return prototypeCalls(proto, home, homeAbsolute, project, candidates);
  const named = nameOf(home, fn) ?? (isAnonymousDefaultExport(home, fn) ? { name: '', method: false } : undefined);
  if (!named) return [];
  const out: CallSite[] = [];
  for (const node of named.name ? home.file.callsNamed(named.method ? `this.${named.name}` : named.name) : []) {
    const callee = unwrap(node.callee);
    if (named.method) {
      if (sameClass(home, node, fn)) out.push({ call: node, ctx: home, absolute: homeAbsolute });
    } else if (callee.type === 'Identifier') {
      const b = home.resolver.scopes.lookup(callee.name, callee);
      const decl = b?.declaration;
      if (decl === fn || (decl?.type === 'VariableDeclarator' && decl.init && unwrap(decl.init as Node) === fn)) out.push({ call: node, ctx: home, absolute: homeAbsolute });
    }
  }
  if (named.method) {
    const cls = [...home.file.ancestors(fn)].find((a): a is t.ClassDeclaration => a.type === 'ClassDeclaration');
    if (cls) out.push(...instanceCalls(cls, named.name, home, homeAbsolute, project, candidates));
    return out;
  }
  // Importers that mention the function (a default export may be imported under any name).
  const byDefault = !named.name || isDefaultExport(home, fn, named.name);
  const decorations = decorationsOf(home, fn);
  for (const absolute of candidates) {
    if (absolute === homeAbsolute) continue;
    const text = project.host.read(absolute);
    if (!text || !(byDefault || text.includes(named.name) || decorations.some((d) => text.includes(d.name)))) continue;
    const ctx = project.context(absolute);
    if (!ctx) continue;
    out.push(...decoratedCalls(ctx, absolute, decorations));
    // `fn(...)` after importing it by name (or, for a default export, by any name), or `require('./x').fn(...)` / `ns.fn(...)`.
    const names = byDefault ? [...(named.name ? [named.name] : []), ...defaultImportNames(ctx)] : [named.name];
    for (const node of [...new Set([...names.flatMap((n) => ctx.file.callsNamed(n)), ...(named.name ? ctx.file.callsNamed(`.${named.name}`) : [])])]) {
      const v = ctx.resolver.resolve(unwrap(node.callee));
      if (v.kind === 'function' && v.node === fn) out.push({ call: node, ctx, absolute });
    }
  }
  return out;
}

/** A command line that runs `fn` as a commander `.action(fn)` handler: how it calls it, and where. */
export interface CommandLineCall {
  call: ActionCall;
  ctx: FileContext;
  absolute: string;
}

/** The commander commands whose `.action(...)` is `fn` (written there, or named), in its file and the files that import it. */
export function commandLineCallsOf(fn: t.Function, home: FileContext, homeAbsolute: string, project: Project): CommandLineCall[] {
  const parent = home.file.parentOf(fn);
  const out: CommandLineCall[] = [];
  const add = (ctx: FileContext, absolute: string, action: t.CallExpression | t.OptionalCallExpression) => {
    const call = isActionHandler(ctx.file, action, fn, (n) => ctx.resolver.resolve(n)) ? commandLineAction(ctx.file, action, (n) => ctx.resolver.resolve(n)) : undefined;
    if (call) out.push({ call, ctx, absolute });
  };
  if (parent && isCall(parent)) {
    add(home, homeAbsolute, parent);
    return out;
  }
  const named = nameOf(home, fn);
  if (!named || named.method) return out;
  // The function's own file through its index of calls (a text search per function would read the whole file each time).
  for (const action of home.file.callsNamed('.action')) add(home, homeAbsolute, action);
  for (const absolute of project.callerFiles(homeAbsolute)) {
    if (absolute === homeAbsolute) continue;
    const text = project.host.read(absolute);
    if (!text || !text.includes('.action') || !text.includes(named.name)) continue;
    const ctx = project.context(absolute);
    for (const action of ctx?.file.callsNamed('.action') ?? []) add(ctx!, absolute, action);
  }
  return out;
}

/** A fastify plugin's decoration holding `fn`: `fastify.decorate('rabbit', { subscribe })` (key `subscribe`) or `fastify.decorate('publish', publish)`. */
interface Decoration {
  name: string;
  key?: string;
}

function decorationsOf(home: FileContext, fn: t.Function): Decoration[] {
  const out: Decoration[] = [];
  for (const call of home.file.callsNamed('.decorate')) {
    const [nameNode, valueNode] = call.arguments;
    if (nameNode?.type !== 'StringLiteral' || !valueNode || valueNode.type === 'SpreadElement' || valueNode.type === 'ArgumentPlaceholder') continue;
    const value = home.resolver.resolve(valueNode as Node);
    if (value.kind === 'function' && value.node === fn) out.push({ name: nameNode.value });
    if (value.kind !== 'object') continue;
    for (const [key, prop] of value.object.props) {
      const v = prop.value();
      if (v.kind === 'function' && v.node === fn) out.push({ name: nameNode.value, key });
    }
  }
  return out;
}

/** `app.rabbit.subscribe(...)` / `app.publish(...)` of a decoration, in a file that imports (registers) the plugin. */
function decoratedCalls(ctx: FileContext, absolute: string, decorations: Decoration[]): CallSite[] {
  const out: CallSite[] = [];
  for (const d of decorations) {
    for (const call of ctx.file.callsNamed(`.${d.key ?? d.name}`)) {
      const callee = unwrap(call.callee as Node);
      const holder = d.key && (callee.type === 'MemberExpression' || callee.type === 'OptionalMemberExpression') ? unwrap(callee.object as Node) : callee;
      if (!d.key || ((holder.type === 'MemberExpression' || holder.type === 'OptionalMemberExpression') && memberName(holder) === d.name)) out.push({ call, ctx, absolute });
    }
  }
  return out;
}

/** The local names a file gives the default exports (or CommonJS module values) it imports. */
function defaultImportNames(ctx: FileContext): string[] {
  const out: string[] = [];
  for (const stmt of ctx.file.ast.program.body) {
    if (stmt.type === 'ImportDeclaration') {
      for (const s of stmt.specifiers) if (s.type === 'ImportDefaultSpecifier') out.push(s.local.name);
    } else if (stmt.type === 'VariableDeclaration') {
      for (const d of stmt.declarations) {
        const init = d.init && unwrap(d.init as Node);
        if (d.id.type === 'Identifier' && init && isCall(init) && init.callee.type === 'Identifier' && init.callee.name === 'require') out.push(d.id.name);
      }
    }
  }
  return out;
}

/** `F.prototype.name = function (...) {...}`: the method's name and the expression naming its constructor. */
function prototypeMethodOf(ctx: FileContext, fn: t.Function): { name: string; owner: Node } | undefined {
  const parent = ctx.file.parentOf(fn);
  if (parent?.type !== 'AssignmentExpression' || parent.right !== fn || parent.left.type !== 'MemberExpression') return undefined;
  const proto = unwrap(parent.left.object as Node);
  const name = memberName(parent.left);
  return name && proto.type === 'MemberExpression' && memberName(proto) === 'prototype' ? { name, owner: proto.object as Node } : undefined;
}

/** Calls of a prototype method on instances of its constructor, in its file and in the files that may import it. */
function prototypeCalls(proto: { name: string; owner: Node }, home: FileContext, homeAbsolute: string, project: Project, candidates: string[]): CallSite[] {
  const owner = project.objects.trace(proto.owner, home);
  if (owner?.t !== 'function') return [];
  const out: CallSite[] = [];
  for (const absolute of [homeAbsolute, ...candidates.filter((c) => c !== homeAbsolute)]) {
    const text = project.host.read(absolute);
    if (!text || !text.includes(proto.name)) continue;
    const ctx = absolute === homeAbsolute ? home : project.context(absolute);
    if (!ctx) continue;
    for (const call of [...ctx.file.callsNamed(`.${proto.name}`), ...ctx.file.callsNamed(`this.${proto.name}`)]) {
      const v = project.objects.trace((unwrap(call.callee as Node) as t.MemberExpression).object as Node, ctx);
      if (v?.t === 'instance' && v.cls === owner.fn) out.push({ call, ctx, absolute });
    }
  }
  return out;
}

function sameClass(ctx: FileContext, node: Node, fn: t.Function): boolean {
  return ctx.file.enclosingClass(node) === ctx.file.enclosingClass(fn);
}

/** `new Class(...)` of the constructor's class, in the class's file and in files that import the class. */
function constructions(ctor: t.ClassMethod, home: FileContext, homeAbsolute: string, project: Project, candidates: string[]): CallSite[] {
  const cls = [...home.file.ancestors(ctor)].find((a): a is t.ClassDeclaration => a.type === 'ClassDeclaration');
  return cls ? constructionsOf(cls, home, homeAbsolute, project, candidates) : [];
}

/** `C.method(...)` of a static method (a NestJS dynamic module's `forFeatureAsync(options)`), in C's file and in its importers. */
function staticCalls(fn: t.ClassMethod, method: string, from: FileContext, fromAbsolute: string, project: Project): CallSite[] {
  // The subject that asks may be in another file (a provider's factory parameter read through an injection): the
  // calls are looked for around the class's own file.
  const [homeAbsolute, home] = from.file.parentOf(fn) !== undefined ? [fromAbsolute, from] : (project.loaded().find(([, c]) => c.file.parentOf(fn) !== undefined) ?? [fromAbsolute, from]);
  const candidates = project.callerFiles(homeAbsolute);
  const cls = home.file.enclosingClass(fn);
  const className = cls?.type === 'ClassDeclaration' ? cls.id?.name : undefined;
  if (!className) return [];
  const out: CallSite[] = [];
  for (const absolute of [homeAbsolute, ...candidates.filter((c) => c !== homeAbsolute)]) {
    const text = absolute === homeAbsolute ? undefined : project.host.read(absolute);
    if (absolute !== homeAbsolute && (!text || !text.includes(method))) continue;
    const ctx = absolute === homeAbsolute ? home : project.context(absolute);
    if (!ctx) continue;
    for (const node of ctx.file.callsNamed(`.${method}`)) {
      const callee = unwrap(node.callee) as t.MemberExpression;
      const owner = ctx.resolver.resolve(callee.object as Node);
      if (owner.kind === 'class' && owner.node === cls) out.push({ call: node, ctx, absolute });
    }
  }
  return out;
}

/** `x.method(...)` where `x` is a `new C(...)` of the method's class, in C's file and in its importers. */
function instanceCalls(cls: t.ClassDeclaration, method: string, home: FileContext, homeAbsolute: string, project: Project, candidates: string[]): CallSite[] {
  const out: CallSite[] = [];
  const className = cls.id?.name;
  if (!className) return out;
  const files: [FileContext, string][] = [[home, homeAbsolute]];
  // Files that inject by token may hold an instance of the class without importing it (`@inject(TYPES.Broker) broker: IBroker`).
  for (const absolute of new Set([...candidates, ...project.injectorFiles()])) {
    if (absolute === homeAbsolute) continue;
    // Importers that call the method on something (an instance the module exports: `module.exports = new C()`, an injected one).
    if (!mentionsWord(project.host, absolute, method).found) continue;
    const ctx = project.context(absolute);
    if (ctx) files.push([ctx, absolute]);
  }
  for (const [ctx, absolute] of files) {
    for (const node of ctx.file.callsNamed(`.${method}`)) {
      const callee = unwrap(node.callee) as t.MemberExpression;
      const construction = constructionOf(ctx, callee.object as Node, cls);
      if (construction) out.push({ call: node, ctx, absolute, construction });
      // An instance the project hands around: injected (`private readonly svc: C`), `app.get(C)`, a singleton.
      else if (isInstanceOf(project, ctx, callee.object as Node, cls)) out.push({ call: node, ctx, absolute });
    }
  }
  return out;
}

function isInstanceOf(project: Project, ctx: FileContext, expr: Node, cls: t.ClassDeclaration): boolean {
  const v = project.objects.trace(expr, ctx);
  return v?.t === 'instance' && v.cls === cls;
}

/** The `new C(...)` an expression holds, if it is a construction of `cls` (directly or through a const). */
function constructionOf(ctx: FileContext, expr: Node, cls: t.ClassDeclaration): t.NewExpression | undefined {
  let node = unwrap(expr);
  if (node.type === 'Identifier') {
    const b = ctx.resolver.scopes.lookup(node.name, node);
    if (!b || !b.init || b.path.length || (b.kind !== 'const' && ctx.resolver.scopes.isReassigned(node.name))) return undefined;
    node = unwrap(b.init);
  }
  if (node.type !== 'NewExpression' || node.callee.type !== 'Identifier') return undefined;
  const v = ctx.resolver.resolve(node.callee);
  return v.kind === 'class' && v.node === cls ? node : undefined;
}
