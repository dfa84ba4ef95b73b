/** Offsets <-> 1-based line/column, and small facts about a file's text style. */

export class LineIndex {
  private readonly starts: number[] = [0];

  constructor(readonly text: string) {
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 10) this.starts.push(i + 1);
      else if (c === 13 && text.charCodeAt(i + 1) !== 10) this.starts.push(i + 1);
    }
  }

  /** 1-based line and column of an offset. */
  position(offset: number): { line: number; column: number } {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - this.starts[lo] + 1 };
  }

  /** Offset of a 1-based line and column. */
  offset(line: number, column: number): number {
    const start = this.starts[Math.min(Math.max(line - 1, 0), this.starts.length - 1)];
    return start + column - 1;
  }

  lineStart(offset: number): number {
    return this.starts[this.position(offset).line - 1];
  }
}

/** The whitespace that starts the line holding `offset`. */
export function indentationAt(text: string, offset: number): string {
  let start = offset;
  while (start > 0 && text[start - 1] !== '\n' && text[start - 1] !== '\r') start--;
  let end = start;
  while (end < text.length && (text[end] === ' ' || text[end] === '\t')) end++;
  return text.slice(start, end);
}

/** The line ending a file mostly uses, so inserted lines match it. */
export const lineEndingOf = lastTextMemo((text: string): string => {
  const crlf = count(text, '\r\n');
  const lf = count(text, '\n') - crlf;
  return crlf > lf ? '\r\n' : '\n';
});

/** The quote character most string literals in the file use. */
export const preferredQuote = lastTextMemo((text: string): "'" | '"' => (count(text, '"') > count(text, "'") ? '"' : "'"));

function count(text: string, needle: string): number {
  let n = 0;
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length)) n++;
  return n;
}

/**
 * A fact about a whole text, remembered for the last text asked about: every fix of a file asks
 * again, and counting through a large file each time was a noticeable part of a re-analysis.
 */
function lastTextMemo<T>(fact: (text: string) => T): (text: string) => T {
  let last: { text: string; value: T } | undefined;
  return (text) => {
    if (last?.text !== text) last = { text, value: fact(text) };
    return last.value;
  };
}

export function quoteString(value: string, quote: "'" | '"'): string {
  const escaped = value.replace(/\\/g, '\\\\').replace(new RegExp(quote, 'g'), `\\${quote}`);
  return `${quote}${escaped}${quote}`;
}
