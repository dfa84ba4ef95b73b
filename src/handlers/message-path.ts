// Where a handler's message is and what part of it an expression holds (`msg.properties.headers`).
import type * as t from '@babel/types';
import { calleeMethod, isCall, memberName, unwrap, type Node, type ParsedFile } from '../parse/ast';
import type { Binding } from '../resolve/scope';
import type { FileContext } from '../resolve/file-context';
import type { MessageParam } from './library';

/** Where a handler function gets the message from: its parameters that carry it (or a part of it), and the message path each holds. */
export interface MessageSource {
  /** The file the function is written in (the handler's, or a helper's in another module). */
  ctx: FileContext;
  fn: t.Function;
  /** base [] for the message itself; ['properties', 'headers'] when the parameter is the headers; `via` for a Nest context. */
  params: MessageParam[];
  /** The call that first handed the function the message (a helper's; none for the handler the library calls). */
  from?: { call: t.CallExpression | t.OptionalCallExpression; ctx: FileContext };
}

/** Array element access (`[0]`, `.find(...)`, `.at(-1)`) is written `*` in a message path. */
export const ELEMENT = '*';
const ELEMENT_METHODS = new Set(['find', 'findLast', 'at']);
const SAME_ARRAY_METHODS = new Set(['filter', 'slice', 'sort', 'reverse']);
/** Array methods whose callback receives each element: the position of the element among its parameters. */
export const ELEMENT_CALLBACKS: Record<string, number> = { forEach: 0, map: 0, flatMap: 0, filter: 0, find: 0, findLast: 0, findIndex: 0, some: 0, every: 0, reduce: 1, reduceRight: 1 };

export function isParamOf(binding: Binding | undefined, src: { fn: t.Function; index: number }): boolean {
  return !!binding && binding.kind === 'param' && binding.fn === src.fn && binding.paramIndex === src.index;
}

/** The parameter of the source a binding is, if it is one of those that carry the message. */
export function sourceParam(binding: Binding | undefined, src: MessageSource): MessageParam | undefined {
  if (!binding || binding.kind !== 'param' || binding.fn !== src.fn) return undefined;
  return src.params.find((p) => p.index === binding.paramIndex);
}

/** The source's parameter an expression names, when it is an object that hands out the message (`context` of `context.getMessage()`). */
export function contextParam(src: MessageSource, expr: Node): MessageParam | undefined {
  const node = unwrap(expr);
  const p = node.type === 'Identifier' ? sourceParam(src.ctx.resolver.scopes.lookup(node.name, node), src) : undefined;
  return p?.via ? p : undefined;
}

/**
 * The message property path an expression denotes (`msg.properties.headers['x-death'][0].count` →
 * properties, headers, x-death, *, count), following consts, destructuring, the elements of a `for...of`
 * and of array callbacks (`deaths.reduce((n, d) => n + d.count, 0)`) within the file; undefined when the
 * expression does not come from the message.
 */
export function messagePath(src: MessageSource, expr: Node | null | undefined, depth = 0): string[] | undefined {
  if (!expr || depth > 16) return undefined;
  const scopes = src.ctx.resolver.scopes;
  const node = unwrap(expr);
  switch (node.type) {
    case 'Identifier': {
      const binding = scopes.lookup(node.name, node);
      if (!binding) return undefined;
      const path = binding.path.filter((k) => !k.startsWith('...')).map(normalize);
      const param = sourceParam(binding, src);
      if (param) return param.via ? undefined : [...param.base, ...path];
      const element = elementOf(src, binding, depth);
      if (element) return [...element, ...path];
      if (binding.kind === 'param' || !binding.init || scopes.isReassigned(node.name)) return undefined;
      const from = messagePath(src, binding.init, depth + 1);
      return from && [...from, ...path];
    }
    case 'MemberExpression':
    case 'OptionalMemberExpression': {
      const from = messagePath(src, node.object, depth + 1);
      if (!from) return undefined;
      const key = memberName(node) ?? (node.property.type === 'NumericLiteral' ? ELEMENT : undefined);
      return key === undefined ? undefined : [...from, normalize(key)];
    }
    case 'CallExpression':
    case 'OptionalCallExpression': {
      const callee = unwrap(node.callee);
      if (callee.type !== 'MemberExpression' && callee.type !== 'OptionalMemberExpression') return undefined;
      const method = memberName(callee);
      // `context.getMessage()`: the message a Nest context hands out.
      const context = method ? contextParam(src, callee.object) : undefined;
      if (context && context.via === method) return [...context.base];
      const from = method ? messagePath(src, callee.object, depth + 1) : undefined;
      if (!from) return undefined;
      if (ELEMENT_METHODS.has(method!)) return [...from, ELEMENT];
      return SAME_ARRAY_METHODS.has(method!) ? from : undefined;
    }
    case 'LogicalExpression':
      return node.operator === '&&' ? messagePath(src, node.right, depth + 1) : messagePath(src, node.left, depth + 1);
    default:
      return undefined;
  }
}

/**
 * The path of the array a name takes its elements from: `for (const d of deaths)`, or the element
 * parameter of an array callback (`deaths.find((d) => ...)`, the second of `reduce`).
 */
function elementOf(src: MessageSource, binding: Binding, depth: number): string[] | undefined {
  const file = src.ctx.file;
  if (binding.kind === 'param' && binding.fn) {
    const call = file.parentOf(binding.fn);
    const m = call && isCall(call) && call.arguments[0] === (binding.fn as never) ? calleeMethod(call) : undefined;
    if (!m || !Object.hasOwn(ELEMENT_CALLBACKS, m.method) || ELEMENT_CALLBACKS[m.method] !== binding.paramIndex) return undefined;
    const from = messagePath(src, m.object, depth + 1);
    return from && [...from, ELEMENT];
  }
  const declaration = file.parentOf(binding.declaration);
  const loop = declaration && file.parentOf(declaration);
  if (loop?.type !== 'ForOfStatement' || loop.left !== declaration) return undefined;
  const from = messagePath(src, loop.right, depth + 1);
  return from && [...from, ELEMENT];
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
