import type { ConnectionOpen } from '../../model';
import type { Node, ParsedFile } from '../../parse/ast';
import { enclosingFunction, handlerKind, loopAround, methodsCalledIn } from './call-context';

export interface OpenParts {
  client: string;
  callee: string;
  what: ConnectionOpen['what'];
  /** The library's publish calls, and the calls that close what was opened. */
  publishMethods: readonly string[];
  closeMethods?: readonly string[];
  syntax: unknown;
}

/** A connection or channel the code opens at `node`, with where it is opened (for connection-churn). */
export function connectionOpenAt(file: ParsedFile, node: Node, parts: OpenParts): ConnectionOpen {
  const fn = enclosingFunction(file, node);
  const called = fn ? methodsCalledIn(file, fn) : new Set<string>();
  const closes = parts.closeMethods ?? ['close'];
  return {
    kind: 'connection-open',
    id: `${parts.client}:${node.start}`,
    client: parts.client,
    at: file.span(node),
    statementStart: file.statementOf(node).start ?? 0,
    callee: parts.callee,
    what: parts.what,
    inLoop: !!loopAround(file, node),
    inHandler: handlerKind(file, fn),
    openPublishClose: parts.publishMethods.some((m) => called.has(m)) && closes.some((m) => called.has(m)),
    syntax: parts.syntax,
  };
}
