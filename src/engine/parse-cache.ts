// Parse results kept across analyses by a long-lived caller (the language server).
import type { ParseResult } from '../parse';

/** Parse results kept across analyses by a long-lived caller (the language server). */
export interface ParseCache {
  /** The parse of `text` at `absolute`; `parse` parses it from scratch. */
  parse(absolute: string, text: string, parse: () => ParseResult): ParseResult;
}

/**
 * Parse results by absolute path, reused while the text is the same: a long-lived caller re-analyses
 * a document on each change, and the modules it imports rarely change. One entry per path: a new text
 * replaces the old entry. The engine only adds derived data to a tree (parent links), so one tree can
 * serve many analyses.
 */
export class TextParseCache implements ParseCache {
  /** In order of use, the most recent last. */
  private readonly entries = new Map<string, { text: string; result: ParseResult }>();

  /** `capacity`: the files kept (the least recently used go first); syntax trees are large. */
  constructor(private readonly capacity = 16) {}

  parse(absolute: string, text: string, parse: () => ParseResult): ParseResult {
    const cached = this.entries.get(absolute);
    this.entries.delete(absolute);
    const result = cached && cached.text === text ? cached.result : this.parseChanged(absolute, text, cached, parse);
    this.entries.set(absolute, { text, result });
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
    return result;
  }

  /** The cached parse of exactly this text, without parsing (undefined if it is not the cached one). */
  cached(absolute: string, text: string): ParseResult | undefined {
    const entry = this.entries.get(absolute);
    return entry && entry.text === text ? entry.result : undefined;
  }

  forget(absolute: string): void {
    this.entries.delete(absolute);
  }

  /** A text that is not the cached one: parsed from scratch here (a subclass may reuse the previous tree). */
  protected parseChanged(_absolute: string, _text: string, _previous: { text: string; result: ParseResult } | undefined, parse: () => ParseResult): ParseResult {
    return parse();
  }
}
