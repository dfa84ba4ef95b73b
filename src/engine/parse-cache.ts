import type { ParseResult } from '../parse';

/**
 * Parse results by absolute path, reused while the text is the same: a long-lived caller (the
 * language server) re-analyses a document on each change, and the modules it imports rarely change.
 * One entry per path: a new text replaces the old entry. Syntax trees are never mutated by the
 * engine, so one tree can serve many analyses.
 */
export class ParseCache {
  private readonly entries = new Map<string, { text: string; result: ParseResult }>();

  parse(absolute: string, text: string, parse: () => ParseResult): ParseResult {
    const cached = this.entries.get(absolute);
    if (cached && cached.text === text) return cached.result;
    const result = parse();
    this.entries.set(absolute, { text, result });
    return result;
  }

  forget(absolute: string): void {
    this.entries.delete(absolute);
  }

  get size(): number {
    return this.entries.size;
  }
}
