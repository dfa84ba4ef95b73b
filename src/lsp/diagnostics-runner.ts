// Publishes diagnostics: at once on open, debounced after changes, stale versions dropped.
import type { Connection } from 'vscode-languageserver/node';
import type { AnalysisStore } from './analysis-store';
import { toDiagnostics } from './diagnostics';
import { fileSystemPathOf } from './document-path';
import type { OpenDocumentSet } from './open-documents';

export const DEBOUNCE_MS = 150;

/**
 * Pushes diagnostics: right away on open, debounced after a change. A newer version replaces a
 * pending run, and a result for a version that is no longer current is dropped.
 */
export class DiagnosticsRunner {
  private readonly pending = new Map<string, { version: number; timer: NodeJS.Timeout }>();
  /** The last "not analysed" reason logged per document, so a large file does not log on every keystroke. */
  private readonly logged = new Map<string, string>();
  private stopped = false;

  constructor(
    private readonly connection: Connection,
    private readonly documents: OpenDocumentSet,
    private readonly store: AnalysisStore,
    private readonly debounceMs = DEBOUNCE_MS,
  ) {}

  /** An opened document's text may differ from the disk, which the documents importing it read until now. */
  opened(uri: string): void {
    this.schedule(uri, 0);
    this.refreshDependents(fileSystemPathOf(uri), uri);
  }

  changed(uri: string): void {
    this.schedule(uri, this.debounceMs);
    this.refreshDependents(fileSystemPathOf(uri), uri);
  }

  /** Closed: the documents importing it read the disk again. */
  closed(uri: string): void {
    this.cancel(uri);
    this.store.forget(uri);
    this.logged.delete(uri);
    if (!this.stopped) void this.connection.sendDiagnostics({ uri, diagnostics: [] });
    this.refreshDependents(fileSystemPathOf(uri), uri);
  }

  /** A file changed on disk (saved, or changed outside the editor): the open documents that read it. */
  changedOnDisk(absolute: string): void {
    this.refreshDependents(absolute);
  }

  /** Settings changed: every open document again. */
  rerunAll(): void {
    this.store.invalidate();
    for (const uri of this.documents.uris()) this.schedule(uri, 0);
  }

  stop(): void {
    this.stopped = true;
    for (const uri of [...this.pending.keys()]) this.cancel(uri);
  }

  /** Re-checks the open documents whose last analysis read the file (directly or through a chain of imports). */
  private refreshDependents(absolute: string | undefined, except?: string): void {
    if (!absolute) return;
    const affected = this.store.dependentsOf(absolute, except);
    this.store.invalidate(affected);
    for (const other of affected) this.schedule(other, this.debounceMs);
  }

  private schedule(uri: string, delay: number): void {
    const doc = this.documents.get(uri);
    if (this.stopped || !doc) return;
    const waiting = this.pending.get(uri);
    // TextDocuments reports an open as a change too: one run for that version is enough.
    if (waiting && waiting.version === doc.version && delay >= this.debounceMs) return;
    this.cancel(uri);
    const timer = setTimeout(() => {
      this.pending.delete(uri);
      try {
        this.publish(uri, doc.version);
      } catch (e) {
        // A document the client sent malformed (e.g. without text): report, do not crash.
        this.connection.console.error(`${uri}: cannot publish diagnostics: ${(e as Error).stack ?? String(e)}`);
      }
    }, delay);
    this.pending.set(uri, { version: doc.version, timer });
  }

  private cancel(uri: string): void {
    const waiting = this.pending.get(uri);
    if (waiting) clearTimeout(waiting.timer);
    this.pending.delete(uri);
  }

  private publish(uri: string, version: number): void {
    const doc = this.documents.get(uri);
    // A newer version has its own run on the way.
    if (this.stopped || !doc || doc.version !== version) return;
    const analysis = this.store.current(uri)!;
    this.logNotAnalysed(uri, analysis.notAnalysed);
    void this.connection.sendDiagnostics({ uri, version: analysis.version, diagnostics: toDiagnostics(analysis, doc) });
  }

  private logNotAnalysed(uri: string, reason: string | undefined): void {
    if (!reason || this.logged.get(uri) === reason) return;
    this.logged.set(uri, reason);
    this.connection.console.warn(`${uri}: not analysed: ${reason}`);
  }
}
