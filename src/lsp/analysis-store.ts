// The latest analysis of each open document, shared by diagnostics and code actions.
import { analyzeDocument, type AnalysisEnvironment, type DocumentAnalysis } from './analysis';
import type { OpenDocumentSet } from './open-documents';

/**
 * The latest analysis of each open document, so diagnostics and code actions share one run per
 * version; and the import graph: which files each document's latest analysis read.
 */
export class AnalysisStore {
  private readonly latest = new Map<string, DocumentAnalysis>();
  /** Per open document: the other files (absolute) its last analysis read, imports and re-export chains included. */
  private readonly reads = new Map<string, ReadonlySet<string>>();

  constructor(
    private readonly documents: OpenDocumentSet,
    private readonly env: () => AnalysisEnvironment,
  ) {}

  /** The analysis of the document's current version (undefined for a document that is not open). */
  current(uri: string): DocumentAnalysis | undefined {
    const doc = this.documents.get(uri);
    if (!doc) return undefined;
    const cached = this.latest.get(uri);
    if (cached && cached.version === doc.version) return cached;
    const analysis = analyzeDocument(this.documents.toOpenDocument(doc), this.env());
    this.latest.set(uri, analysis);
    this.reads.set(uri, analysis.reads);
    return analysis;
  }

  /**
   * The open documents whose analysis depends on the file (absolute), other than `except`: those whose
   * analysis read it, and those checked with the analysis of a project that holds it.
   */
  dependentsOf(absolute: string, except?: string): string[] {
    const out = new Set<string>();
    for (const [uri, files] of this.reads) if (uri !== except && files.has(absolute)) out.add(uri);
    for (const [uri, analysis] of this.latest) if (uri !== except && analysis.project?.covers(absolute)) out.add(uri);
    // A document waiting for its project's index is checked again once the index is ready.
    for (const uri of this.documents.uris()) if (uri !== except && this.latest.get(uri)?.pending) out.add(uri);
    return [...out];
  }

  /**
   * Whether the document's analysis surely depends on the file: its analysis read it, or its project
   * connects them by imports. The other documents of a project are checked again too (project-wide facts
   * may change), but their diagnostics are published only if they change.
   */
  dependsOn(uri: string, absolute: string): boolean {
    if (this.reads.get(uri)?.has(absolute)) return true;
    const latest = this.latest.get(uri);
    return !!latest?.project && latest.project.connected(latest.absolute, absolute);
  }

  forget(uri: string): void {
    this.latest.delete(uri);
    this.reads.delete(uri);
  }

  /** After a settings change, or when a file this one read changed. */
  invalidate(uris?: readonly string[]): void {
    if (!uris) this.latest.clear();
    else for (const uri of uris) this.latest.delete(uri);
  }
}
