import type * as t from '@babel/types';
import * as path from 'node:path';
import { isCall, memberName, unwrap, type Node } from '../parse/ast';
import type { FileContext } from '../clients/types';
import type { Project } from '../resolve/project';

export interface CallSite {
  call: t.CallExpression | t.OptionalCallExpression;
  ctx: FileContext;
  absolute: string;
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

/** Calls of `fn` in its own file and in the files that import it. */
export function callSitesOf(fn: t.Function, home: FileContext, homeAbsolute: string, project: Project, candidates: string[]): CallSite[] {
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
  if (named.method) return out;
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
