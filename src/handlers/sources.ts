// The handler and the local functions it hands the message (or part of it) to.
import type * as t from '@babel/types';
import type { Node, ParsedFile } from '../parse/ast';
import type { Scopes } from '../resolve/scope';
import { localFunctionOf } from './handler-function';
import { callArguments, isCall, messagePath, nodesIn, type MessageSource } from './message-path';

const MAX_DEPTH = 3;

/**
 * The handler and the local functions it hands the message (or part of it) to, each with the
 * message path its parameter holds: `retries(msg.properties.headers)` makes `retries` a source
 * whose parameter is the headers.
 */
export function messageSources(file: ParsedFile, scopes: Scopes, handler: t.Function, index: number): MessageSource[] {
  const out: MessageSource[] = [];
  const seen = new Set<string>();
  const visit = (src: MessageSource, depth: number) => {
    const key = `${src.fn.start}:${src.index}:${src.base.join('.')}`;
    if (seen.has(key) || depth > MAX_DEPTH) return;
    seen.add(key);
    out.push(src);
    for (const node of nodesIn(file, src.fn)) {
      if (!isCall(node)) continue;
      const callee = localFunctionOf(file, scopes, node.callee);
      if (!callee) continue;
      callArguments(node).forEach((arg, i) => {
        const path = messagePath(scopes, src, arg);
        if (path) visit({ fn: callee, index: i, base: path }, depth + 1);
      });
    }
  };
  visit({ fn: handler, index, base: [] }, 0);
  return out;
}

/** Every node of the sources, each with the source it belongs to. */
export function* sourceNodes(file: ParsedFile, sources: MessageSource[]): Generator<[Node, MessageSource]> {
  for (const src of sources) for (const node of nodesIn(file, src.fn)) yield [node, src];
}
