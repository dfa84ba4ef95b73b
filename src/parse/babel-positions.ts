// Babel's line and column for an offset.
import type { TextStart } from './estree-to-babel';

type Position = { line: number; column: number; index: number };

/** Babel's line and column of an offset of `text` (\r\n, \r, \n, U+2028 and U+2029 each end a line). */
export function positionIn(text: string, at: TextStart): (offset: number) => Position {
  const lineStarts = [0];
  const breaks = /\r\n?|[\n\u2028\u2029]/g;
  while (breaks.exec(text)) lineStarts.push(breaks.lastIndex);
  return (offset) => {
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (lineStarts[mid] <= offset) low = mid;
      else high = mid - 1;
    }
    const column = offset - lineStarts[low] + (low === 0 ? at.column : 0);
    return { line: at.line + low, column, index: offset + at.index };
  };
}
