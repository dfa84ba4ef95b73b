// Items by the spans they read, looked up by overlap: for checks that would otherwise compare every
// pair of declarations of a dense file.
import type { Span } from '../model';

const BLOCK = 2048;

/**
 * Items by the spans they read, per file and per 2 KB block of it: the items with a span that
 * overlaps a given one, without a scan of every item (a dense file has hundreds of declarations).
 */
export class SpanIndex<T> {
  private readonly blocks = new Map<string, Map<number, { span: Span; item: T; order: number }[]>>();
  private count = 0;

  add(span: Span, item: T): void {
    let file = this.blocks.get(span.file);
    if (!file) this.blocks.set(span.file, (file = new Map()));
    const entry = { span, item, order: this.count++ };
    for (let b = blockOf(span.start); b <= blockOf(Math.max(span.start, span.end - 1)); b++) {
      const list = file.get(b);
      if (list) list.push(entry);
      else file.set(b, [entry]);
    }
  }

  /** The items with a span that shares a character with `span`, once each, in the order they were added. */
  overlapping(span: Span): T[] {
    const file = this.blocks.get(span.file);
    if (!file || span.start >= span.end) return [];
    const found = new Map<number, T>();
    for (let b = blockOf(span.start); b <= blockOf(span.end - 1); b++) {
      for (const e of file.get(b) ?? []) if (e.span.start < span.end && span.start < e.span.end) found.set(e.order, e.item);
    }
    return [...new Set([...found].sort((a, b) => a[0] - b[0]).map(([, item]) => item))];
  }
}

const blockOf = (offset: number) => Math.floor(offset / BLOCK);
