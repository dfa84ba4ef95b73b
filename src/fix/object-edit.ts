// Exact text edits to object literals that keep their layout, quotes and trailing commas.
import type { TextEdit } from '../model';
import { indentationAt } from '../text';

/** A property of an object literal (JS/TS object or JSON object) by its text span. */
export interface PropertySpan {
  start: number;
  end: number;
}

export interface ObjectSpan {
  /** Offsets of `{` and of the character after `}`. */
  start: number;
  end: number;
  properties: PropertySpan[];
}

/**
 * Edits one object literal: removes some properties and appends new ones, keeping the object's
 * layout (one line or one property per line), its trailing-comma style and its indentation.
 */
export function editObject(text: string, obj: ObjectSpan, remove: PropertySpan[], insert: string[], eol: string): TextEdit[] {
  const removed = new Set(remove.map((p) => p.start));
  const props = obj.properties;
  const kept = props.filter((p) => !removed.has(p.start));
  const edits: TextEdit[] = [];
  const multiline = /[\r\n]/.test(text.slice(obj.start, obj.end));

  if (kept.length === 0) {
    if (insert.length === 0) return [{ start: obj.start + 1, end: obj.end - 1, text: '' }];
    if (!multiline || props.length === 0) return [{ start: obj.start + 1, end: obj.end - 1, text: ` ${insert.join(', ')} ` }];
    const indent = indentationAt(text, props[0].start);
    const closeIndent = indentationAt(text, obj.end - 1);
    const body = insert.map((p) => `${eol}${indent}${p}${hasTrailingComma(text, props[props.length - 1], obj) ? ',' : ''}`).join('');
    return [{ start: obj.start + 1, end: obj.end - 1, text: `${body}${eol}${closeIndent}` }];
  }

  // Removals: runs of removed properties, each deleted with its separating comma.
  let i = 0;
  while (i < props.length) {
    if (!removed.has(props[i].start)) {
      i++;
      continue;
    }
    let j = i;
    while (j + 1 < props.length && removed.has(props[j + 1].start)) j++;
    const first = props[i];
    const last = props[j];
    const next = props[j + 1];
    if (next) {
      edits.push(...deleteRun(text, props.slice(i, j + 1), next));
    } else {
      // The new properties take the place of the removed tail, in the same edit.
      edits.push(...deleteTrailingRun(text, props[i - 1], first, last, obj, insert, eol));
      return edits;
    }
    i = j + 1;
  }

  if (insert.length) edits.push(insertAfter(text, kept[kept.length - 1], insert, obj, multiline, eol));
  return edits;
}

/** Delete a run of properties that a kept property follows: each with its own separating comma. */
function deleteRun(text: string, run: PropertySpan[], next: PropertySpan): TextEdit[] {
  const between = text.slice(run[0].start, next.start);
  if (!/\/[/*]/.test(between)) {
    if (isAloneOnLine(text, run[0].start)) return [{ start: lineStartOf(text, run[0].start), end: lineStartOf(text, next.start), text: '' }];
    return [{ start: run[0].start, end: next.start, text: '' }];
  }
  // Comments in between: remove property by property, so a comment on a kept line stays.
  return run.map((p) => {
    const comma = text.indexOf(',', p.end);
    const after = comma + 1;
    if (isAloneOnLine(text, p.start) && /^[ \t]*(\/\/[^\r\n]*)?(\r?\n|$)/.test(text.slice(after, after + 500))) {
      return { start: lineStartOf(text, p.start), end: nextLineStart(text, after), text: '' };
    }
    return { start: p.start, end: skipSpaces(text, after), text: '' };
  });
}

/** Delete a run of properties at the end of the object, putting `insert` in their place. */
function deleteTrailingRun(text: string, prev: PropertySpan, first: PropertySpan, last: PropertySpan, obj: ObjectSpan, insert: string[], eol: string): TextEdit[] {
  const trailing = hasTrailingComma(text, last, obj);
  const lastEnd = trailing ? text.indexOf(',', last.end) + 1 : last.end;
  if (isAloneOnLine(text, first.start) && isLineEndAfter(text, lastEnd)) {
    const indent = indentationAt(text, first.start);
    const added = insert.map((p, k) => `${indent}${p}${k < insert.length - 1 || trailing ? ',' : ''}${eol}`).join('');
    const edits: TextEdit[] = [{ start: lineStartOf(text, first.start), end: nextLineStart(text, lastEnd), text: added }];
    if (!trailing && !insert.length) {
      const comma = text.indexOf(',', prev.end);
      edits.push({ start: comma, end: comma + 1, text: '' });
    }
    return edits;
  }
  if (trailing) return [{ start: first.start, end: skipSpaces(text, lastEnd), text: insert.map((p) => `${p}, `).join('') }];
  return [{ start: prev.end, end: last.end, text: insert.map((p) => `, ${p}`).join('') }];
}

function insertAfter(text: string, last: PropertySpan, insert: string[], obj: ObjectSpan, multiline: boolean, eol: string): TextEdit {
  const trailing = hasTrailingComma(text, last, obj);
  const closeOnSameLine = !/[\r\n]/.test(text.slice(last.end, obj.end));
  if (!multiline || closeOnSameLine) {
    if (trailing) {
      const comma = text.indexOf(',', last.end);
      return { start: comma + 1, end: comma + 1, text: ` ${insert.join(', ')},` };
    }
    return { start: last.end, end: last.end, text: `, ${insert.join(', ')}` };
  }
  const indent = indentationAt(text, last.start);
  if (trailing) {
    const comma = text.indexOf(',', last.end);
    const at = lineEndOf(text, comma);
    return { start: at, end: at, text: insert.map((p) => `${eol}${indent}${p},`).join('') };
  }
  // No trailing comma: add the separator right after the last property, then the new lines after
  // anything that follows it on its line (a comment stays with its property).
  const at = lineEndOf(text, last.end);
  const added = insert.map((p, k) => `${eol}${indent}${p}${k < insert.length - 1 ? ',' : ''}`).join('');
  if (at === last.end) return { start: at, end: at, text: `,${added}` };
  return { start: last.end, end: at, text: `,${text.slice(last.end, at)}${added}` };
}

export function hasTrailingComma(text: string, last: PropertySpan, obj: ObjectSpan): boolean {
  const after = text.slice(last.end, obj.end - 1);
  return /^\s*(\/\/[^\n]*\n\s*|\/\*[\s\S]*?\*\/\s*)*,/.test(after);
}

function isAloneOnLine(text: string, offset: number): boolean {
  return /^[ \t]*$/.test(text.slice(lineStartOf(text, offset), offset));
}

function isLineEndAfter(text: string, offset: number): boolean {
  return /^[ \t]*(\r?\n|$)/.test(text.slice(offset, offset + 200));
}

function lineStartOf(text: string, offset: number): number {
  let i = offset;
  while (i > 0 && text[i - 1] !== '\n' && text[i - 1] !== '\r') i--;
  return i;
}

function lineEndOf(text: string, offset: number): number {
  let i = offset;
  while (i < text.length && text[i] !== '\n' && text[i] !== '\r') i++;
  return i;
}

function nextLineStart(text: string, offset: number): number {
  let i = lineEndOf(text, offset);
  if (text[i] === '\r') i++;
  if (text[i] === '\n') i++;
  return i;
}

function skipSpaces(text: string, offset: number): number {
  let i = offset;
  while (text[i] === ' ' || text[i] === '\t') i++;
  return i;
}

/** Apply non-overlapping edits to a text. */
export function applyEdits(text: string, edits: TextEdit[]): string {
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  let out = '';
  let pos = 0;
  for (const e of sorted) {
    if (e.start < pos) throw new Error(`overlapping edits at offset ${e.start}`);
    out += text.slice(pos, e.start) + e.text;
    pos = e.end;
  }
  return out + text.slice(pos);
}
