// Whether a call's arguments fit one of a client's API shapes (the ladder's rung b): each argument's kind, as data
// from the clients (contracts.ts ArgumentKind), read from the syntax alone.
import type * as t from '@babel/types';
import { isFunction, unwrap, type Node } from '../../parse/ast';
import type { ApiShape, ArgumentKind } from '../contracts';

type CallNode = t.CallExpression | t.OptionalCallExpression;

/** Literals that are never a name, an options object or a function. */
const NOT_A_NAME = new Set(['NumericLiteral', 'BigIntLiteral', 'ArrayExpression', 'BooleanLiteral', 'NullLiteral', 'RegExpLiteral', 'ObjectExpression', 'ClassExpression']);
const NOT_A_NUMBER = new Set(['ObjectExpression', 'StringLiteral', 'TemplateLiteral', 'ArrayExpression', 'BooleanLiteral', 'NullLiteral', 'RegExpLiteral', 'ClassExpression']);

/** The call's arguments, unless one is a spread (whose count the syntax does not tell). */
export function plainArguments(call: CallNode): Node[] | undefined {
  const args = call.arguments as Node[];
  return args.some((a) => a.type === 'SpreadElement' || a.type === 'ArgumentPlaceholder') ? undefined : args;
}

/** The first form of `shape` the arguments fit, if any. */
export function fitsShape(shape: ApiShape, args: readonly Node[]): boolean {
  return shape.forms.some((form) => form.length === args.length && form.every((kind, i) => isKind(kind, args[i])));
}

export function isKind(kind: ArgumentKind, arg: Node): boolean {
  if (kind === 'any') return true;
  const u = unwrap(arg);
  if (isFunction(u) || u.type === 'ClassExpression') return kind === 'function';
  switch (kind) {
    case 'function':
      // A function's name, a member holding one, `f.bind(...)`, or a factory's call that makes one (`makeHandler(deps)`).
      return u.type === 'Identifier' || u.type === 'MemberExpression' || u.type === 'OptionalMemberExpression' || u.type === 'CallExpression';
    case 'options':
      return u.type === 'ObjectExpression' || u.type === 'Identifier' || u.type === 'MemberExpression' || u.type === 'OptionalMemberExpression';
    case 'object':
      return u.type === 'ObjectExpression';
    case 'name':
      return !NOT_A_NAME.has(u.type);
    case 'number':
      return !NOT_A_NUMBER.has(u.type);
    case 'value':
      return u.type !== 'ObjectExpression';
  }
}

/** How a message shows an argument's kind: `queue(name, options, function)`. */
export function shownKind(arg: Node): string {
  const u = unwrap(arg);
  if (isFunction(u)) return 'function';
  if (u.type === 'ObjectExpression') return 'options';
  if (u.type === 'StringLiteral' || u.type === 'TemplateLiteral') return 'name';
  if (u.type === 'NumericLiteral') return 'number';
  return 'value';
}
