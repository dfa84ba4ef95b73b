// The project function a call in a handler (or a helper it hands the message to) calls, wherever it is written.
import type * as t from '@babel/types';
import { unwrap, type Node } from '../parse/ast';
import type { FileContext } from '../resolve/file-context';
import { localFunctionOf } from './handler-function';

/**
 * The function a call calls: written in this file, imported from another module of the project, or a method of
 * an object the project-level tracker follows (an injected service, an instance another module exports).
 */
export function calledFunction(ctx: FileContext, callee: Node): { ctx: FileContext; fn: t.Function } | undefined {
  const local = localFunctionOf(ctx.file, ctx.resolver.scopes, callee);
  if (local) return { ctx, fn: local };
  const node = unwrap(callee);
  if (node.type !== 'Identifier' && node.type !== 'MemberExpression') return undefined;
  const v = ctx.resolver.resolve(node);
  if (v.kind === 'function') {
    const home = ctx.resolver.project?.loaded().find(([, c]) => c.file.parentOf(v.node) !== undefined)?.[1];
    if (home) return { ctx: home, fn: v.node };
  }
  const traced = node.type === 'MemberExpression' ? ctx.resolver.project?.objects.trace(node, ctx) : undefined;
  return traced?.t === 'function' ? { ctx: traced.ctx, fn: traced.fn } : undefined;
}
