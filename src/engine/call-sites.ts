import type * as t from '@babel/types';
import * as path from 'node:path';
import { isCall, memberName, unwrap, type Node } from '../parse/ast';
import type { FileContext } from '../clients/types';
import type { Project } from '../resolve/project';

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
  return undefined;
}

/** Calls of `fn` in its own file and in the files that import it (for a constructor: `new` of its class). */
export function callSitesOf(fn: t.Function, home: FileContext, homeAbsolute: string, project: Project, candidates: string[]): CallSite[] {
  if (fn.type === 'ClassMethod' && fn.kind === 'constructor') return constructions(fn, home, homeAbsolute, project, candidates);
  const named = nameOf(home, fn);
  if (!named) return [];
  const out: CallSite[] = [];
  for (const node of home.file.nodes) {
    if (!isCall(node)) continue;
    const callee = unwrap(node.callee);
    if (named.method) {
      if (callee.type === 'MemberExpression' && callee.object.type === 'ThisExpression' && memberName(callee) === named.name && sameClass(home, node, fn)) {
        out.push({ call: node, ctx: home, absolute: homeAbsolute });
      }
    } else if (callee.type === 'Identifier' && callee.name === named.name) {
      const b = home.resolver.scopes.lookup(callee.name, callee);
      const decl = b?.declaration;
      if (decl === fn || (decl?.type === 'VariableDeclarator' && unwrap(decl.init as Node) === fn)) out.push({ call: node, ctx: home, absolute: homeAbsolute });
    }
  }
  if (named.method) {
    const cls = [...home.file.ancestors(fn)].find((a): a is t.ClassDeclaration => a.type === 'ClassDeclaration');
    if (cls) out.push(...instanceCalls(cls, named.name, home, homeAbsolute, project, candidates));
    return out;
  }
  // Importers: files that mention the function and the module, importing it by name.
  const stem = path.basename(homeAbsolute).replace(/\.[^.]+$/, '');
  for (const absolute of candidates) {
    if (absolute === homeAbsolute) continue;
    const text = project.host.read(absolute);
    if (!text || !text.includes(named.name) || !text.includes(stem === 'index' ? path.basename(path.dirname(homeAbsolute)) : stem)) continue;
    const ctx = project.context(absolute);
    if (!ctx) continue;
    for (const node of ctx.file.nodes) {
      if (!isCall(node)) continue;
      const callee = unwrap(node.callee);
      if (callee.type !== 'Identifier') continue;
      const v = ctx.resolver.resolve(callee);
      if (v.kind === 'function' && v.node === fn) out.push({ call: node, ctx, absolute });
    }
  }
  return out;
}

function sameClass(ctx: FileContext, node: Node, fn: t.Function): boolean {
  const cls = (n: Node) => [...ctx.file.ancestors(n)].find((a) => a.type === 'ClassDeclaration' || a.type === 'ClassExpression');
  return cls(node) === cls(fn);
}

/** `new Class(...)` in the class's file and in files that import the class. */
function constructions(ctor: t.ClassMethod, home: FileContext, homeAbsolute: string, project: Project, candidates: string[]): CallSite[] {
  const cls = [...home.file.ancestors(ctor)].find((a): a is t.ClassDeclaration => a.type === 'ClassDeclaration');
  if (!cls?.id) return [];
  const name = cls.id.name;
  const out: CallSite[] = [];
  const scan = (ctx: FileContext, absolute: string, isClass: (id: t.Identifier) => boolean) => {
    for (const node of ctx.file.nodes) {
      if (node.type === 'NewExpression' && node.callee.type === 'Identifier' && isClass(node.callee)) out.push({ call: node, ctx, absolute });
    }
  };
  scan(home, homeAbsolute, (id) => id.name === name && home.resolver.scopes.lookup(name, id)?.declaration === cls);
  const stem = path.basename(homeAbsolute).replace(/\.[^.]+$/, '');
  for (const absolute of candidates) {
    if (absolute === homeAbsolute) continue;
    const text = project.host.read(absolute);
    if (!text || !text.includes(name) || !text.includes(stem)) continue;
    const ctx = project.context(absolute);
    if (!ctx) continue;
    scan(ctx, absolute, (id) => {
      const v = ctx.resolver.resolve(id);
      return v.kind === 'class' && v.node === cls;
    });
  }
  return out;
}

/** `x.method(...)` where `x` is a `new C(...)` of the method's class, in C's file and in its importers. */
function instanceCalls(cls: t.ClassDeclaration, method: string, home: FileContext, homeAbsolute: string, project: Project, candidates: string[]): CallSite[] {
  const out: CallSite[] = [];
  const className = cls.id?.name;
  if (!className) return out;
  const stem = path.basename(homeAbsolute).replace(/\.[^.]+$/, '');
  const files: [FileContext, string][] = [[home, homeAbsolute]];
  for (const absolute of candidates) {
    if (absolute === homeAbsolute) continue;
    const text = project.host.read(absolute);
    if (!text || !text.includes(className) || !text.includes(method) || !text.includes(stem)) continue;
    const ctx = project.context(absolute);
    if (ctx) files.push([ctx, absolute]);
  }
  for (const [ctx, absolute] of files) {
    for (const node of ctx.file.nodes) {
      if (!isCall(node)) continue;
      const callee = unwrap(node.callee);
      if ((callee.type !== 'MemberExpression' && callee.type !== 'OptionalMemberExpression') || memberName(callee) !== method) continue;
      const construction = constructionOf(ctx, callee.object as Node, cls);
      if (construction) out.push({ call: node, ctx, absolute, construction });
    }
  }
  return out;
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
