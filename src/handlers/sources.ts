// The handler and the functions it hands the message (or part of it) to, in its file or in modules it imports.
import type * as t from '@babel/types';
import { calleeMethod, isFunction, unwrap, type Node } from '../parse/ast';
import type { FileContext } from '../resolve/file-context';
import { callArguments, contextParam, ELEMENT, ELEMENT_CALLBACKS, isCall, messagePath, nodesIn, type MessageSource } from './message-path';
import type { MessageParam } from './library';
import { passedFunction } from './passed-functions';
import { calledFunction } from './called-function';

const MAX_DEPTH = 5;

/**
 * The handler (with each of its parameters that carries the message or a part of it) and the functions it hands the
 * message (or part of it) to, each with the message path its parameters hold: `retries(msg.properties.headers)` makes
 * `retries` a source whose parameter is the headers; a Nest context handed on (`this.retry(context)`) stays the context.
 * A helper is followed in this file and, through the import, into another module; one source per function, with every
 * parameter any call gives it; a function a helper calls through its parameter (`ack(msg)`), as the call that first
 * handed the helper the message passes it. A function deeper than the limit is not a source: what it does with the
 * message is not read.
 */
export function messageSources(ctx: FileContext, handler: t.Function, params: readonly MessageParam[]): MessageSource[] {
  const out: MessageSource[] = [];
  const byFunction = new Map<t.Function, MessageSource>();
  const visit = (at: FileContext, fn: t.Function, given: MessageParam[], depth: number, from?: MessageSource['from']) => {
    if (depth > MAX_DEPTH || !given.length) return;
    let src = byFunction.get(fn);
    const fresh = given.filter((p) => !src?.params.some((q) => sameParam(p, q)));
    if (!fresh.length) return;
    if (src) src.params.push(...fresh);
    else {
      src = { ctx: at, fn, params: fresh, ...(from ? { from } : {}) };
      byFunction.set(fn, src);
      out.push(src);
    }
    walk(src, depth);
  };
  const walk = (src: MessageSource, depth: number) => {
    for (const node of nodesIn(src.ctx.file, src.fn)) {
      if (!isCall(node)) continue;
      // An array callback written elsewhere (`deaths.reduce(sumCounts, 0)`): its element parameter is each element.
      const m = calleeMethod(node);
      const callback = m && Object.hasOwn(ELEMENT_CALLBACKS, m.method) ? callArguments(node)[0] : undefined;
      if (callback && !isFunction(unwrap(callback))) {
        const array = messagePath(src, m!.object);
        const fn = array && calledFunction(src.ctx, callback);
        if (fn) visit(fn.ctx, fn.fn, [{ index: ELEMENT_CALLBACKS[m!.method], base: [...array, ELEMENT] }], depth + 1);
      }
      const callee = sourceCallee(src, node.callee as Node);
      if (!callee) continue;
      const given: MessageParam[] = [];
      callArguments(node).forEach((arg, index) => {
        const path = messagePath(src, arg);
        const context = !path && arg ? contextParam(src, arg) : undefined;
        if (path) given.push({ index, base: path });
        else if (context) given.push({ index, base: context.base, via: context.via });
      });
      visit(callee.ctx, callee.fn, given, depth + 1, { call: node, ctx: src.ctx });
    }
  };
  visit(ctx, handler, params.map((p) => ({ ...p, base: [...p.base] })), 0);
  return out;
}

const sameParam = (a: MessageParam, b: MessageParam): boolean => a.index === b.index && a.via === b.via && a.base.length === b.base.length && a.base.every((k, i) => k === b.base[i]);

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
