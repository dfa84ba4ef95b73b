// Babel's line and column for an offset.
import type { TextStart } from './estree-types';

type Position = { line: number; column: number; index: number };

/** Where each line of `text` starts, as Babel counts lines (\r\n, \r, \n, U+2028 and U+2029 each end one). */
export function lineStarts(text: string): number[] {
  const starts = [0];
  const breaks = /\r\n?|[\n\u2028\u2029]/g;
  while (breaks.exec(text)) starts.push(breaks.lastIndex);
  return starts;
}

/** The 0-based line of an offset, given the lines' starts. */
export function lineAt(starts: readonly number[], offset: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (starts[mid] <= offset) low = mid;
    else high = mid - 1;
  }
  return low;
}

/** Babel's line and column of an offset of `text`. */
export function positionIn(text: string, at: TextStart): (offset: number) => Position {
  const starts = lineStarts(text);
  return (offset) => {
    const line = lineAt(starts, offset);
    const column = offset - starts[line] + (line === 0 ? at.column : 0);
    return { line: at.line + line, column, index: offset + at.index };
  };
}
