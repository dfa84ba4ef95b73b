// How long the server waits after a change before checking a document again: about what checking
// it costs, so a small file or a cheap edit shows its diagnostics almost at once.

/** The shortest wait: the changes an editor sends for one action (a paste, a rename) arrive within it. */
export const MIN_DEBOUNCE_MS = 15;
/** The longest wait, for a document whose checks are slow: typing does not queue a check per keystroke. */
export const MAX_DEBOUNCE_MS = 150;
/** Characters: a document this small is checked in a few milliseconds. */
const SMALL_DOCUMENT = 20_000;
/** The checks the cost is the median of: one slow check (a GC pause, a busy machine) does not lengthen the wait. */
const RECENT = 5;

/**
 * Per document: the wait after a change is what its recent checks cost (the median), within bounds.
 * Keys that come faster than a check costs start no check until the typing pauses; slower ones each
 * get their check, done before the next key. Either way the diagnostics of the last key come about
 * two checks' time after it, instead of a fixed wait plus a check.
 */
export class Debounce {
  private readonly costs = new Map<string, number[]>();

  /** The wait before checking the document (of `length` characters) after a change. */
  delay(uri: string, length: number): number {
    const recent = this.costs.get(uri);
    // Until a check after a change is measured: short for a small document, the longest otherwise.
    if (!recent?.length) return length < SMALL_DOCUMENT ? MIN_DEBOUNCE_MS : MAX_DEBOUNCE_MS;
    const median = [...recent].sort((a, b) => a - b)[recent.length >> 1];
    return Math.round(Math.min(MAX_DEBOUNCE_MS, Math.max(MIN_DEBOUNCE_MS, median)));
  }

  /** A check of the document after a change took `ms` (analysis and diagnostics). */
  measured(uri: string, ms: number): void {
    const recent = this.costs.get(uri) ?? [];
    recent.push(ms);
    if (recent.length > RECENT) recent.shift();
    this.costs.set(uri, recent);
  }

  forget(uri: string): void {
    this.costs.delete(uri);
  }
}
