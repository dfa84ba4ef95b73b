// The marker and suppression comments `fix` and the editor insert above a statement.
import type { TextEdit } from '../model';
import { indentationAt, lineEndingOf } from '../text';

export const MARKER = 'rabbitmq4-codemod';

export function markerComment(ruleId: string, advice: string): string {
  return `// ${MARKER}(${ruleId}): ${advice.replace(/\s+/g, ' ').trim()}`;
}

/**
 * An edit that puts the marker comment on its own line above the statement at `statementStart`,
 * indented like the statement; nothing if the comment block above already holds this rule's marker.
 */
export function annotationEdit(text: string, statementStart: number, ruleId: string, advice: string): TextEdit | undefined {
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
  return { start: lineStart, end: lineStart, text: `${indent}${markerComment(ruleId, advice)}${lineEndingOf(text)}` };
}

/** An edit that puts `// rabbitmq4-codemod-ignore <rule-id>` on its own line above the statement. */
export function suppressionEdit(text: string, statementStart: number, ruleId: string): TextEdit {
  let lineStart = statementStart;
  while (lineStart > 0 && text[lineStart - 1] !== '\n' && text[lineStart - 1] !== '\r') lineStart--;
  const indent = indentationAt(text, statementStart);
  return { start: lineStart, end: lineStart, text: `${indent}// ${MARKER}-ignore ${ruleId}${lineEndingOf(text)}` };
}
