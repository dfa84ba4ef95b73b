// The handler and the functions it hands the message (or part of it) to, in its file or in modules it imports.
import type * as t from '@babel/types';
import { calleeMethod, isFunction, unwrap, type Node } from '../parse/ast';
import type { FileContext } from '../resolve/file-context';
import { localFunctionOf } from './handler-function';
import { callArguments, ELEMENT, ELEMENT_CALLBACKS, isCall, messagePath, nodesIn, type MessageSource } from './message-path';

const MAX_DEPTH = 3;

/**
 * The handler and the functions it hands the message (or part of it) to, each with the message path
 * its parameter holds: `retries(msg.properties.headers)` makes `retries` a source whose parameter is
 * the headers. A helper is followed in this file and, through the import, into another module.
 */
export function messageSources(ctx: FileContext, handler: t.Function, index: number): MessageSource[] {
  const out: MessageSource[] = [];
  const keys = new Set<string>();
  const visit = (src: MessageSource, depth: number) => {
    const key = `${src.ctx.file.path}:${src.fn.start}:${src.index}:${src.base.join('.')}`;
    if (keys.has(key) || depth > MAX_DEPTH) return;
    keys.add(key);
    out.push(src);
    for (const node of nodesIn(src.ctx.file, src.fn)) {
      if (!isCall(node)) continue;
      // An array callback written elsewhere (`deaths.reduce(sumCounts, 0)`): its element parameter is each element.
      const m = calleeMethod(node);
      const callback = m && Object.hasOwn(ELEMENT_CALLBACKS, m.method) ? callArguments(node)[0] : undefined;
      if (callback && !isFunction(unwrap(callback))) {
        const array = messagePath(src, m!.object);
        const fn = array && calledFunction(src.ctx, callback);
        if (fn) visit({ ctx: fn.ctx, fn: fn.fn, index: ELEMENT_CALLBACKS[m!.method], base: [...array, ELEMENT] }, depth + 1);
      }
      const callee = calledFunction(src.ctx, node.callee as Node);
      if (!callee) continue;
      callArguments(node).forEach((arg, i) => {
        const path = messagePath(src, arg);
        if (path) visit({ ctx: callee.ctx, fn: callee.fn, index: i, base: path }, depth + 1);
      });
    }
  };
  visit({ ctx, fn: handler, index, base: [] }, 0);
  return out;
}

/** The function a call calls: written in this file, or imported from another module of the project. */
export function calledFunction(ctx: FileContext, callee: Node): { ctx: FileContext; fn: t.Function } | undefined {
  const local = localFunctionOf(ctx.file, ctx.resolver.scopes, callee);
  if (local) return { ctx, fn: local };
  const node = unwrap(callee);
  if (node.type !== 'Identifier' && node.type !== 'MemberExpression') return undefined;
  const v = ctx.resolver.resolve(node);
  if (v.kind !== 'function') return undefined;
  const home = ctx.resolver.project?.loaded().find(([, c]) => c.file.parentOf(v.node) !== undefined)?.[1];
  return home ? { ctx: home, fn: v.node } : undefined;
}

/** Every node of the sources, each with the source it belongs to. */
export function* sourceNodes(sources: MessageSource[]): Generator<[Node, MessageSource]> {
  for (const src of sources) for (const node of nodesIn(src.ctx.file, src.fn)) yield [node, src];
}
