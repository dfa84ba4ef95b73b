/** GitHub-flavoured markdown tables for pull-request comments. */

/** One table cell: `|` escaped, line breaks as <br>, and `<` so that text never turns into HTML. */
export function cell(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\\/g, '\\\\')
    .replace(/\|/g, '\\|')
    .replace(/\r\n|\r|\n/g, '<br>');
}

/** Text in a code span (file names, rule ids, queue names); plain if it holds a backtick. */
export function code(text: string): string {
  if (text.includes('`') || text === '') return cell(text);
  return `\`${text.replace(/\|/g, '\\|').replace(/\r\n|\r|\n/g, ' ')}\``;
}

/** A table; `rows` are already escaped cells. */
export function table(head: string[], rows: string[][]): string[] {
  return [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)];
}

export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** How many rows a table shows before pointing at the full report (a comment holds 65,536 characters). */
export const MAX_ROWS = 100;
