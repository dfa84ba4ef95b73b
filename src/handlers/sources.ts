// The handler and the functions it hands the message (or part of it) to, in its file or in modules it imports.
import type * as t from '@babel/types';
import { calleeMethod, isFunction, unwrap, type Node } from '../parse/ast';
import type { FileContext } from '../resolve/file-context';
import { callArguments, ELEMENT, ELEMENT_CALLBACKS, isCall, messagePath, nodesIn, type MessageSource } from './message-path';
import { passedFunction } from './passed-functions';
import { calledFunction } from './called-function';

const MAX_DEPTH = 5;

/**
 * The handler and the functions it hands the message (or part of it) to, each with the message path
 * its parameter holds: `retries(msg.properties.headers)` makes `retries` a source whose parameter is
 * the headers. A helper is followed in this file and, through the import, into another module; a
 * function a helper calls through its parameter (`ack(msg)`), as its caller passes it. A function
 * deeper than the limit is not a source: what it does with the message is not read.
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
      const callee = sourceCallee(src, node.callee as Node);
      if (!callee) continue;
      callArguments(node).forEach((arg, i) => {
        const path = messagePath(src, arg);
        if (path) visit({ ctx: callee.ctx, fn: callee.fn, index: i, base: path, from: { call: node, ctx: src.ctx } }, depth + 1);
      });
    }
  };
  visit({ ctx, fn: handler, index, base: [] }, 0);
  return out;
}

/** The function a call in a source calls: one the project writes (`calledFunction`), or one its caller passes in (`ack(msg)`). */
export function sourceCallee(src: MessageSource, callee: Node): { ctx: FileContext; fn: t.Function } | undefined {
  const own = calledFunction(src.ctx, callee);
  if (own) return own;
  const passed = passedFunction(src, callee);
  return passed?.kind === 'function' ? passed : undefined;
}

/** Every node of the sources, each with the source it belongs to. */
export function* sourceNodes(sources: MessageSource[]): Generator<[Node, MessageSource]> {
  for (const src of sources) for (const node of nodesIn(src.ctx.file, src.fn)) yield [node, src];
}
