// The `rabbitmq4-codemod-ignore` comments of a file and what each has suppressed.
import type { ParsedFile } from '../parse/ast';

const IGNORE = /rabbitmq4-codemod-ignore(?:\s+([\w\-, ]+))?/;

/** One `rabbitmq4-codemod-ignore` comment and what it has suppressed so far. */
export interface SuppressionComment {
  /** The rule ids it names, or 'all' when it names none. */
  rules: ReadonlySet<string> | 'all';
  /** The rule ids it has suppressed a finding of. */
  used: Set<string>;
  /** 1-based line of the comment's end. */
  line: number;
  /** Offsets of the comment in the file's text. */
  start: number;
  end: number;
}

/** `// rabbitmq4-codemod-ignore <rule-id>[, <rule-id>]` on the line above suppresses those rules there. */
export class Suppressions {
  private readonly byLine = new Map<number, SuppressionComment>();

  constructor(file: ParsedFile) {
    for (const c of file.comments()) {
      const m = IGNORE.exec(c.value);
      if (!m) continue;
      const line = c.loc?.end.line ?? 0;
      const ids = m[1]?.split(/[\s,]+/).filter(Boolean);
      this.byLine.set(line + 1, { rules: ids?.length ? new Set(ids) : 'all', used: new Set(), line, start: c.start ?? 0, end: c.end ?? 0 });
    }
  }

  /** True if `ruleId` is suppressed at any of the given 1-based lines. */
  suppressed(ruleId: string, lines: number[]): boolean {
    for (const line of lines) {
      const s = this.byLine.get(line);
      if (s && (s.rules === 'all' || s.rules.has(ruleId))) {
        s.used.add(ruleId);
        return true;
      }
    }
    return false;
  }

  /** Every ignore comment in the file, in order. */
  comments(): SuppressionComment[] {
    return [...this.byLine.values()].sort((a, b) => a.start - b.start);
  }
}
