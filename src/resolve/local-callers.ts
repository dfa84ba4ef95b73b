// The calls of a function in its own file, for what their arguments are.
import type * as t from '@babel/types';
import type { Node, ParsedFile } from '../parse/ast';

/** The name a function is called by in its file: a declaration, a const, a class method or property. */
export function localFunctionName(file: ParsedFile, fn: t.Function): { name: string; method: boolean } | undefined {
  if (fn.type === 'FunctionDeclaration' && fn.id) return { name: fn.id.name, method: false };
  if (fn.type === 'ClassMethod' && fn.key.type === 'Identifier') return { name: fn.key.name, method: true };
  const parent = file.parentOf(fn);
  if (parent?.type === 'VariableDeclarator' && parent.id.type === 'Identifier') return { name: parent.id.name, method: false };
  if (parent?.type === 'ClassProperty' && parent.key.type === 'Identifier') return { name: parent.key.name, method: true };
  return undefined;
}

/**
 * A local helper called with a library object (`function setup(ch) {...}; setup(channel)`): the first
 * argument at `index` of a call of `fn` in its file that `probe` recognises.
 */
export function fromLocalCallers<T>(file: ParsedFile, fn: t.Function, index: number, probe: (arg: Node) => T | undefined): T | undefined {
  const name = localFunctionName(file, fn);
  if (!name) return undefined;
  for (const call of file.callsNamed(name.method ? `this.${name.name}` : name.name)) {
    const arg = call.arguments[index];
    if (!arg || arg.type === 'SpreadElement' || arg.type === 'ArgumentPlaceholder') continue;
    const found = probe(arg as Node);
    if (found) return found;
  }
  return undefined;
}
