// The `new C(...)` expressions of a project class: in its own file and in the files that import it, directly or not.
import type * as t from '@babel/types';
import type { FileContext } from './file-context';
import type { ProjectView as Project } from './contracts';

export interface Construction {
  call: t.NewExpression;
  ctx: FileContext;
  absolute: string;
}

/** `new Class(...)` in the class's file and in the files that may import it. */
export function constructionsOf(cls: t.ClassDeclaration, home: FileContext, homeAbsolute: string, project: Project, candidates = project.callerFiles(homeAbsolute)): Construction[] {
  if (!cls.id) return [];
  const name = cls.id.name;
  const out: Construction[] = [];
  const scan = (ctx: FileContext, absolute: string, isClass: (id: t.Identifier) => boolean) => {
    for (const node of ctx.file.nodes) {
      if (node.type === 'NewExpression' && node.callee.type === 'Identifier' && isClass(node.callee)) out.push({ call: node, ctx, absolute });
    }
  };
  scan(home, homeAbsolute, (id) => id.name === name && home.resolver.scopes.lookup(name, id)?.declaration === cls);
  for (const absolute of candidates) {
    if (absolute === homeAbsolute) continue;
    const text = project.host.read(absolute);
    if (!text || !text.includes(name)) continue;
    const ctx = project.context(absolute);
    if (!ctx) continue;
    scan(ctx, absolute, (id) => {
      const v = ctx.resolver.resolve(id);
      return v.kind === 'class' && v.node === cls;
    });
  }
  return out;
}
