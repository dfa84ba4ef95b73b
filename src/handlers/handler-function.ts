// The function a handler expression stands for, when it is written in the same file.
import type * as t from '@babel/types';
import { isFunction, memberName, unwrap, type Node, type ParsedFile } from '../parse/ast';
import type { Scopes } from '../resolve/scope';

/**
 * The function a handler expression stands for, when it is written in this file: inline, a local
 * function or const (`onMessage`), a method of the enclosing class (`this.onMessage`), or either
 * of those with `.bind(...)`.
 */
export function localFunctionOf(file: ParsedFile, scopes: Scopes, expr: Node | undefined, depth = 0): t.Function | undefined {
  if (!expr || depth > 4) return undefined;
  const node = unwrap(expr);
  if (isFunction(node)) return node;
  if (node.type === 'CallExpression' && node.callee.type === 'MemberExpression' && memberName(node.callee) === 'bind') {
    return localFunctionOf(file, scopes, node.callee.object, depth + 1);
  }
  if (node.type === 'Identifier') {
    const binding = scopes.lookup(node.name, node);
    if (!binding) return undefined;
    if (binding.kind === 'function' && isFunction(binding.declaration)) return binding.declaration;
    if (binding.kind === 'const' && binding.path.length === 0 && binding.init) return localFunctionOf(file, scopes, binding.init, depth + 1);
    return undefined;
  }
  if ((node.type === 'MemberExpression' || node.type === 'OptionalMemberExpression') && node.object.type === 'ThisExpression') {
    const name = memberName(node);
    return name ? classMember(file, node, name, scopes, depth) : undefined;
  }
  return undefined;
}

function classMember(file: ParsedFile, at: Node, name: string, scopes: Scopes, depth: number): t.Function | undefined {
  const cls = file.enclosingClass(at);
  if (!cls) return undefined;
  for (const member of cls.body.body) {
    if (member.type === 'ClassMethod' && member.kind === 'method' && !member.computed && member.key.type === 'Identifier' && member.key.name === name) return member;
    if (member.type === 'ClassProperty' && !member.computed && member.key.type === 'Identifier' && member.key.name === name && member.value) {
      return localFunctionOf(file, scopes, member.value, depth + 1);
    }
  }
  return undefined;
}
