// The statements an edit lies in, innermost first: the regions error recovery may leave out of a
// tree after an edit that does not parse, each a whole number of statements of one list.
import type * as t from '@babel/types';
import { childrenOf, type Node } from './ast';
import type { Region } from './recover';

/** Nodes whose list of statements (or class members) can lose one and still mean what they meant. */
const STATEMENT_LISTS: Readonly<Record<string, string>> = {
  Program: 'body',
  BlockStatement: 'body',
  StaticBlock: 'body',
  SwitchCase: 'consequent',
  ClassBody: 'body',
  TSModuleBlock: 'body',
};

/**
 * The regions of `ast` (the tree of the text before an edit of [start, end)) that hold the edit,
 * innermost first, in the old text's offsets. At each statement list the edit is in: the members it
 * touches (their edges included: typing at a statement's edge may change it), or the edit alone if
 * it touches none (new text between statements); a member that holds the edit strictly inside adds
 * the regions within it first, then itself. Objects and arrays are never split: leaving out one
 * property would give a declaration the user did not write.
 */
export function statementRegionsAround(ast: t.File, start: number, end: number): Region[] {
  const outermostFirst: Region[] = [];
  let node: Node | undefined = ast.program;
  while (node) {
    const key = STATEMENT_LISTS[node.type];
    if (key) {
      const members: Node[] = (node as unknown as Record<string, Node[]>)[key];
      const touched: Node[] = members.filter((m) => m.end! >= start && m.start! <= end);
      const holder: Node | undefined = touched.length === 1 && touched[0].start! < start && end < touched[0].end! ? touched[0] : undefined;
      if (!holder) {
        outermostFirst.push(touched.length ? { start: Math.min(touched[0].start!, start), end: Math.max(touched[touched.length - 1].end!, end) } : { start, end });
        break;
      }
      outermostFirst.push({ start: holder.start!, end: holder.end! });
      node = holder;
      continue;
    }
    node = childrenOf(node).find((c) => c.start! <= start && end <= c.end!);
  }
  return outermostFirst.reverse();
}
