// The marker and suppression comments `fix` and the editor insert above a statement.
import type { TextEdit } from '../model';
import { indentationAt, lineEndingOf } from '../text';
import { DEFAULT_LINE_WIDTH } from './line-width';

export const MARKER = 'rabbitmq4-codemod';

/** The narrowest a marker line's text is made, however deep the statement is indented. */
const MIN_TEXT_WIDTH = 40;

/**
 * The marker comment as consecutive `//` lines, each at most `width` columns wide with `indent`
 * before it (a word longer than that, or a `code span`, stays whole on its own line).
 */
export function markerComment(ruleId: string, advice: string, width = Number.POSITIVE_INFINITY, indent = ''): string[] {
  const text = `${MARKER}(${ruleId}): ${advice.replace(/\s+/g, ' ').trim()}`;
  const room = Math.max(width - columns(indent) - '// '.length, MIN_TEXT_WIDTH);
  const lines: string[] = [];
  let line = '';
  for (const word of words(text)) {
    if (line && line.length + 1 + word.length > room) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.map((l) => `// ${l}`);
}

/** The words of a text, a backquoted code span (`npm install x@^1`) kept as one word. */
function words(text: string): string[] {
  return text.match(/(?:`[^`]*`|[^\s`])+/g) ?? [];
}

/** The columns an indentation takes (a tab as 2, the smallest common tab width, so lines are never cut too long). */
const columns = (indent: string) => [...indent].reduce((n, c) => n + (c === '\t' ? 2 : 1), 0);

/**
 * An edit that puts the marker comment on its own lines above the statement at `statementStart`,
 * indented like the statement and wrapped to `width` columns; nothing if the comment block above
 * already holds this rule's marker (its first line, however the rest is wrapped).
 */
export function annotationEdit(text: string, statementStart: number, ruleId: string, advice: string, width = DEFAULT_LINE_WIDTH): TextEdit | undefined {
  let lineStart = statementStart;
  while (lineStart > 0 && text[lineStart - 1] !== '\n' && text[lineStart - 1] !== '\r') lineStart--;
  if (!/^[ \t]*$/.test(text.slice(lineStart, statementStart))) return undefined;
  const tag = `${MARKER}(${ruleId})`;
  // Look through the comment lines directly above.
  let end = lineStart;
  while (end > 0) {
    let start = end - 1;
    if (text[start] === '\n' && text[start - 1] === '\r') start--;
    let s = start;
    while (s > 0 && text[s - 1] !== '\n' && text[s - 1] !== '\r') s--;
    const line = text.slice(s, start).trim();
    if (!line.startsWith('//') && !line.startsWith('/*') && !line.startsWith('*')) break;
    if (line.includes(tag)) return undefined;
    end = s;
  }
  const indent = indentationAt(text, statementStart);
  const eol = lineEndingOf(text);
  return { start: lineStart, end: lineStart, text: markerComment(ruleId, advice, width, indent).map((l) => `${indent}${l}${eol}`).join('') };
}

/** An edit that puts `// rabbitmq4-codemod-ignore <rule-id>` on its own line above the statement. */
export function suppressionEdit(text: string, statementStart: number, ruleId: string): TextEdit {
  let lineStart = statementStart;
  while (lineStart > 0 && text[lineStart - 1] !== '\n' && text[lineStart - 1] !== '\r') lineStart--;
  const indent = indentationAt(text, statementStart);
  return { start: lineStart, end: lineStart, text: `${indent}// ${MARKER}-ignore ${ruleId}${lineEndingOf(text)}` };
}
