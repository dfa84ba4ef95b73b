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

  /** The open documents whose analysis read the file (absolute), other than `except`. */
  dependentsOf(absolute: string, except?: string): string[] {
    return [...this.reads].filter(([uri, files]) => uri !== except && files.has(absolute)).map(([uri]) => uri);
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
