// Where a handler's message is and what part of it an expression holds (`msg.properties.headers`).
import type * as t from '@babel/types';
import { calleeMethod, isCall, memberName, unwrap, type Node, type ParsedFile } from '../parse/ast';
import type { Binding, Scopes } from '../resolve/scope';

/** Where a handler function gets the message from: a parameter, and the message path it holds. */
export interface MessageSource {
  fn: t.Function;
  index: number;
  /** [] for the message itself; ['properties', 'headers'] when the function receives the headers. */
  base: string[];
}

/** Array element access (`[0]`, `.find(...)`, `.at(-1)`) is written `*` in a message path. */
export const ELEMENT = '*';
const ELEMENT_METHODS = new Set(['find', 'findLast', 'at']);
const SAME_ARRAY_METHODS = new Set(['filter', 'slice', 'sort', 'reverse']);

export function isParamOf(binding: Binding | undefined, src: MessageSource): boolean {
  return !!binding && binding.kind === 'param' && binding.fn === src.fn && binding.paramIndex === src.index;
}

/**
 * The message property path an expression denotes (`msg.properties.headers['x-death'][0].count` →
 * properties, headers, x-death, *, count), following consts and destructuring within the file;
 * undefined when the expression does not come from the message.
 */
export function messagePath(scopes: Scopes, src: MessageSource, expr: Node | null | undefined, depth = 0): string[] | undefined {
  if (!expr || depth > 16) return undefined;
  const node = unwrap(expr);
  switch (node.type) {
    case 'Identifier': {
      const binding = scopes.lookup(node.name, node);
      if (!binding) return undefined;
      const path = binding.path.filter((k) => k !== '...').map(normalize);
      if (isParamOf(binding, src)) return [...src.base, ...path];
      if (binding.kind === 'param' || !binding.init || scopes.isReassigned(node.name)) return undefined;
      const from = messagePath(scopes, src, binding.init, depth + 1);
      return from && [...from, ...path];
    }
    case 'MemberExpression':
    case 'OptionalMemberExpression': {
      const from = messagePath(scopes, src, node.object, depth + 1);
      if (!from) return undefined;
      const key = memberName(node) ?? (node.property.type === 'NumericLiteral' ? ELEMENT : undefined);
      return key === undefined ? undefined : [...from, normalize(key)];
    }
    case 'CallExpression':
    case 'OptionalCallExpression': {
      const callee = unwrap(node.callee);
      if (callee.type !== 'MemberExpression' && callee.type !== 'OptionalMemberExpression') return undefined;
      const method = memberName(callee);
      const from = method ? messagePath(scopes, src, callee.object, depth + 1) : undefined;
      if (!from) return undefined;
      if (ELEMENT_METHODS.has(method!)) return [...from, ELEMENT];
      return SAME_ARRAY_METHODS.has(method!) ? from : undefined;
    }
    case 'LogicalExpression':
      return node.operator === '&&' ? messagePath(scopes, src, node.right, depth + 1) : messagePath(scopes, src, node.left, depth + 1);
    default:
      return undefined;
  }
}

const normalize = (key: string): string => (/^\d+$/.test(key) ? ELEMENT : key);

export const samePath = (a: readonly string[] | undefined, b: readonly string[]): boolean => !!a && a.length === b.length && a.every((k, i) => k === b[i]);

/** The nodes of a function (its subtree, not the whole file's nodes), in source order. */
export function nodesIn(file: ParsedFile, fn: Node): Node[] {
  return file.nodesUnder(fn).filter((n) => n !== fn);
}

export const callArguments = (call: t.CallExpression | t.OptionalCallExpression): (Node | undefined)[] =>
  call.arguments.map((a) => (a.type === 'SpreadElement' || a.type === 'ArgumentPlaceholder' ? undefined : (a as Node)));

export const memberKey = (p: t.ObjectProperty): string | undefined => (p.key.type === 'Identifier' ? p.key.name : p.key.type === 'StringLiteral' ? p.key.value : undefined);

/** The source of a node on one line, cut at 60 characters, to quote in a finding. */
export const describe = (ctx: { file: ParsedFile }, node: Node): string => {
  const text = ctx.file.source(node).replace(/\s+/g, ' ');
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
};

export { calleeMethod, isCall };
