// Publishes diagnostics: at once on open, debounced after changes, stale versions dropped.
import type { Connection } from 'vscode-languageserver/node';
import type { AnalysisStore } from './analysis-store';
import { Debounce } from './debounce';
import { toDiagnostics } from './diagnostics';
import { fileSystemPathOf } from './document-path';
import type { OpenDocumentSet } from './open-documents';

/**
 * Pushes diagnostics: right away on open, debounced after a change (by what checking the document
 * costs, see debounce.ts). A newer version replaces a pending run, and a result for a version that
 * is no longer current is dropped. With tracing on (`$/setTrace`), each run is traced with its wait
 * and cost.
 */
export class DiagnosticsRunner {
  private readonly pending = new Map<string, { version: number; timer: NodeJS.Timeout; delay: number }>();
  /** Documents whose next check publishes even if nothing changed (their own edit, an import they read). */
  private readonly mustPublish = new Set<string>();
  /** The last "not analysed" reason logged per document, so a large file does not log on every keystroke. */
  private readonly logged = new Map<string, string>();
  private readonly debounce = new Debounce();
  /** What was last published per document: a re-check that changes nothing publishes nothing. */
  private readonly published = new Map<string, { version: number; diagnostics: string }>();
  private stopped = false;

  constructor(
    private readonly connection: Connection,
    private readonly documents: OpenDocumentSet,
    private readonly store: AnalysisStore,
  ) {}

  /** An opened document's text may differ from the disk, which the documents importing it read until now. */
  opened(uri: string): void {
    this.schedule(uri, 0, true);
    this.refreshDependents(fileSystemPathOf(uri), uri);
  }

  changed(uri: string): void {
    this.schedule(uri, this.delayOf(uri), true);
    this.refreshDependents(fileSystemPathOf(uri), uri);
  }

  /** Closed: the documents importing it read the disk again. */
  closed(uri: string): void {
    this.cancel(uri);
    this.store.forget(uri);
    this.logged.delete(uri);
    this.published.delete(uri);
    this.debounce.forget(uri);
    if (!this.stopped) void this.connection.sendDiagnostics({ uri, diagnostics: [] });
    this.refreshDependents(fileSystemPathOf(uri), uri);
  }

  /** A file changed on disk (saved, or changed outside the editor): the open documents that read it. */
  changedOnDisk(absolute: string): void {
    this.refreshDependents(absolute);
  }

  /** Settings changed: every open document again (published even if nothing changed). */
  rerunAll(): void {
    this.store.invalidate();
    for (const uri of this.documents.uris()) this.schedule(uri, 0, true);
  }

  /** A project's index is ready: every open document again, published where it changed (or was waiting for it). */
  projectReady(): void {
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
    for (const other of affected) if (this.store.dependsOn(other, absolute)) this.mustPublish.add(other);
    this.store.invalidate(affected);
    for (const other of affected) this.schedule(other, this.delayOf(other));
  }

  private delayOf(uri: string): number {
    return this.debounce.delay(uri, this.documents.get(uri)?.getText().length ?? 0);
  }

  private schedule(uri: string, delay: number, publish = false): void {
    if (publish) this.mustPublish.add(uri);
    const doc = this.documents.get(uri);
    if (this.stopped || !doc) return;
    const waiting = this.pending.get(uri);
    // TextDocuments reports an open as a change too: one run for that version is enough.
    if (waiting && waiting.version === doc.version && delay >= waiting.delay) return;
    this.cancel(uri);
    const timer = setTimeout(() => {
      this.pending.delete(uri);
      try {
        this.publish(uri, doc.version, delay);
      } catch (e) {
        // A document the client sent malformed (e.g. without text): report, do not crash.
        this.connection.console.error(`${uri}: cannot publish diagnostics: ${(e as Error).stack ?? String(e)}`);
      }
    }, delay);
    this.pending.set(uri, { version: doc.version, timer, delay });
  }

  private cancel(uri: string): void {
    const waiting = this.pending.get(uri);
    if (waiting) clearTimeout(waiting.timer);
    this.pending.delete(uri);
  }

  private publish(uri: string, version: number, waited: number): void {
    const doc = this.documents.get(uri);
    // A newer version has its own run on the way.
    if (this.stopped || !doc || doc.version !== version) return;
    const started = performance.now();
    const analysis = this.store.current(uri)!;
    // Its project is being indexed: the document is checked (and published) when the index is ready.
    if (analysis.pending) return;
    this.logNotAnalysed(uri, analysis.notAnalysed);
    const diagnostics = toDiagnostics(analysis, doc);
    const cost = performance.now() - started;
    // A check right after an open or a settings change parses and reads everything anew: not what an edit costs.
    if (waited > 0) this.debounce.measured(uri, cost);
    this.connection.tracer.log(`diagnostics ${uri} version ${version}: waited ${waited} ms, checked in ${cost.toFixed(1)} ms, ${diagnostics.length} diagnostics`);
    // Another file of the project changed, and this document's diagnostics did not: nothing to send.
    const shown = JSON.stringify(diagnostics);
    const last = this.published.get(uri);
    const forced = this.mustPublish.delete(uri);
    if (!forced && last && last.version === analysis.version && last.diagnostics === shown) return;
    this.published.set(uri, { version: analysis.version, diagnostics: shown });
    void this.connection.sendDiagnostics({ uri, version: analysis.version, diagnostics });
  }

  private logNotAnalysed(uri: string, reason: string | undefined): void {
    if (!reason || this.logged.get(uri) === reason) return;
    this.logged.set(uri, reason);
    this.connection.console.warn(`${uri}: not analysed: ${reason}`);
  }
}
