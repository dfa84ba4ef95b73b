import type { ParsedFile } from '../parse/ast';

const IGNORE = /rabbitmq4-codemod-ignore(?:\s+([\w\-, ]+))?/;

/** `// rabbitmq4-codemod-ignore <rule-id>[, <rule-id>]` on the line above suppresses those rules there. */
export class Suppressions {
  private readonly byLine = new Map<number, { rules: Set<string> | 'all'; used: boolean; line: number }>();

  constructor(file: ParsedFile) {
    for (const c of file.comments()) {
      const m = IGNORE.exec(c.value);
      if (!m) continue;
      const line = c.loc?.end.line ?? 0;
      const ids = m[1]?.split(/[\s,]+/).filter(Boolean);
      this.byLine.set(line + 1, { rules: ids?.length ? new Set(ids) : 'all', used: false, line });
    }
  }

  /** True if `ruleId` is suppressed at any of the given 1-based lines. */
  suppressed(ruleId: string, lines: number[]): boolean {
    for (const line of lines) {
      const s = this.byLine.get(line);
      if (s && (s.rules === 'all' || s.rules.has(ruleId))) {
        s.used = true;
        return true;
      }
    }
    return false;
  }
}
