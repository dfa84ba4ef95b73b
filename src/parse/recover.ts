// Error recovery for a text that does not parse: the parts that do not parse are blanked (spaces,
// line breaks kept) until the rest parses, so every other statement keeps its offsets and its tree.
import type { File } from '@babel/types';
import { lineAt, lineStarts } from './babel-positions';
import type { BrokenRegion, ParseError, ParseResult, Recovery, Region } from './parse-result';

export type { BrokenRegion, Recovery, Region };

/** At most this many regions are left out: a file broken in more places is reported, not analysed. */
export const MAX_BROKEN_REGIONS = 5;

/** The text with every character of the regions but line breaks replaced by a space: offsets, lines and columns stay. */
export function blank(text: string, regions: readonly Region[]): string {
  if (!regions.length) return text;
  let out = '';
  let at = 0;
  for (const r of [...regions].sort((a, b) => a.start - b.start)) {
    if (r.start < at) continue;
    out += text.slice(at, r.start) + text.slice(r.start, r.end).replace(/[^\r\n\u2028\u2029]/g, ' ');
    at = r.end;
  }
  return out + text.slice(at);
}

/** The offset of a parser's error (1-based line and column, as ParseError has them), within the text. */
export function errorOffset(text: string, error: Pick<ParseError, 'line' | 'column'>): number {
  const starts = lineStarts(text);
  if (error.line > starts.length) return text.length;
  return Math.min(text.length, starts[Math.max(0, error.line - 1)] + Math.max(0, error.column - 1));
}

export type Parse = (text: string) => ParseResult;

/**
 * A tree of `text` (which does not parse: `error` is its first error) without the top-level parts
 * that do not parse, found from the text alone: the statement-sized chunk around each error (from
 * the line the error is on back to the nearest line that starts a top-level statement, up to the
 * next one), else everything from that chunk on. When no such region lets the rest parse (or more
 * than MAX_BROKEN_REGIONS would be left out): the first error, placed where the code is broken.
 */
export function recoverWithoutTree(text: string, error: ParseError, parse: Parse): { ast: File; regions: BrokenRegion[] } | { error: BrokenRegion['error'] } {
  const regions: BrokenRegion[] = [];
  let current = text;
  let currentError = error;
  const firstAt = errorOffset(text, error);
  const first = chunksAround(text, firstAt)[0];
  const failed = () => ({ error: regions[0]?.error ?? { message: error.message, offset: brokenAt(text, first, firstAt, parse) } });
  while (regions.length < MAX_BROKEN_REGIONS) {
    const at = errorOffset(current, currentError);
    let progressed = false;
    for (const region of chunksAround(current, at)) {
      const attempt = parse(blank(current, [region]));
      const broken = () => ({ message: currentError.message, offset: brokenAt(current, region, at, parse) });
      if (attempt.ok) return { ast: attempt.ast, regions: [...regions, { ...region, error: broken() }] };
      // Another error, after the region: this one is left out, and the next is recovered from.
      const next = errorOffset(current, attempt.error);
      if (next > at && next >= region.end) {
        regions.push({ ...region, error: broken() });
        current = blank(current, [region]);
        currentError = attempt.error;
        progressed = true;
        break;
      }
    }
    if (!progressed) return failed();
  }
  return failed();
}

/** A 1-based line and column of an offset (the inverse of errorOffset). */
export function lineAndColumnOf(text: string, offset: number): { line: number; column: number } {
  const starts = lineStarts(text);
  const line = lineAt(starts, offset);
  return { line: line + 1, column: offset - starts[line] + 1 };
}

/** Lines of a region tried, from the error back, to find the one that is broken. */
const MAX_LINES_TRIED = 30;

/**
 * Where the code of a region that does not parse is broken, for the user: a parser reports the
 * first token it cannot take, which may be lines later (`{ durable: ` takes the next line's
 * statement as its value and fails at its end). The line whose removal alone lets the region parse
 * is the broken one: the error is at its last character of code, or at the parser's position if
 * that is on it. Without such a line (a missing brace): the parser's position if it is in the
 * region, else the end of the region's code.
 */
export function brokenAt(text: string, region: Region, errorAt: number, parse: Parse): number {
  const slice = text.slice(region.start, region.end);
  const starts = lineStarts(slice);
  const inside = errorAt >= region.start && errorAt <= region.end;
  const last = lineAt(starts, lastCodeBefore(slice, (inside ? errorAt : region.end) - region.start));
  for (let line = last; line >= 0 && line > last - MAX_LINES_TRIED; line--) {
    const end = line + 1 < starts.length ? starts[line + 1] : slice.length;
    if (!slice.slice(starts[line], end).trim() || !parse(blank(slice, [{ start: starts[line], end }])).ok) continue;
    const lineEnd = region.start + lastCodeBefore(slice, end);
    return inside && errorAt >= region.start + starts[line] && errorAt < lineEnd ? errorAt : lineEnd;
  }
  return inside ? errorAt : region.start + lastCodeBefore(slice, slice.length);
}

/** A line that starts a top-level statement: at column 0, and not a closing bracket or a comment's continuation. */
const TOP_LEVEL_START = /^(?![\s})\]*]|\/\/|\/\*)./;

/**
 * The candidate regions around an error at `offset`: the top-level chunk of the code before it (a
 * parser often stops at the token after a half-typed line), the line of a token at the start of a
 * line (a merge conflict marker), the chunk of the token, then everything from the first chunk on.
 */
function chunksAround(text: string, offset: number): Region[] {
  const starts = lineStarts(text);
  const startsStatement = (i: number) => TOP_LEVEL_START.test(text.slice(starts[i], starts[i] + 3));
  const chunkOf = (line: number): Region => {
    let first = line;
    while (first > 0 && !startsStatement(first)) first--;
    // Decorators above a class belong to it.
    while (first > 0 && text.startsWith('@', starts[first - 1])) first--;
    let next = line + 1;
    while (next < starts.length && !startsStatement(next)) next++;
    return { start: starts[first], end: next < starts.length ? starts[next] : text.length };
  };
  const before = chunkOf(lineAt(starts, lastCodeBefore(text, offset)));
  const tokenLine = lineAt(starts, Math.min(offset, text.length));
  const token = chunkOf(tokenLine);
  // A token at the start of its line that no statement takes (a merge conflict marker): that line alone.
  const stray = starts[tokenLine] === offset && offset < text.length ? [{ start: offset, end: tokenLine + 1 < starts.length ? starts[tokenLine + 1] : text.length }] : [];
  const candidates = [before, ...stray, ...(token.start !== before.start ? [token] : []), { start: before.start, end: text.length }];
  return candidates.filter((c, i) => i === 0 || c.end !== candidates[i - 1].end || c.start !== candidates[i - 1].start);
}

/** Where the code before `offset` ends: the offset just after its last character that is not white space. */
export function lastCodeBefore(text: string, offset: number): number {
  let i = Math.min(offset, text.length);
  while (i > 0 && /\s/.test(text[i - 1])) i--;
  return i;
}
