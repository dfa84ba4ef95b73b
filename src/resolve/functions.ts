// Functions as values: the one expression a function returns, and the file (context) a function is written in.
import type * as t from '@babel/types';
import { isFunction, type Node, type ParsedFile } from '../parse/ast';
import type { FileContext } from './file-context';

/** The expression a function returns: an arrow's expression body, or its one `return` (not one of nested functions). */
export function returnedExpression(file: ParsedFile, fn: t.Function): Node | undefined {
  if (fn.body.type !== 'BlockStatement') return fn.body;
  const returns = file.nodesUnder(fn.body).filter((n): n is t.ReturnStatement => n.type === 'ReturnStatement' && ownerOf(file, n) === fn);
  return returns.length === 1 && returns[0].argument ? returns[0].argument : undefined;
}

function ownerOf(file: ParsedFile, node: Node): t.Function | undefined {
  for (const a of file.ancestors(node)) if (isFunction(a)) return a;
  return undefined;
}

/** The context of the module that declares a function: this one or a module the resolver has loaded. */
export function contextOfFunction(ctx: FileContext, fn: t.Function): FileContext | undefined {
  if (ctx.file.parentOf(fn) !== undefined) return ctx;
  return ctx.resolver.project?.loaded().find(([, c]) => c.file.parentOf(fn) !== undefined)?.[1];
}
