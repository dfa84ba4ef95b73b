import { analyzeDocument, type DocumentAnalysis } from './analysis';
import type { OpenDocumentSet } from './open-documents';
import type { Settings } from './settings';

/** The latest analysis of each open document, so diagnostics and code actions share one run per version. */
export class AnalysisStore {
  private readonly latest = new Map<string, DocumentAnalysis>();

  constructor(
    private readonly documents: OpenDocumentSet,
    private readonly settings: () => Settings,
  ) {}

  /** The analysis of the document's current version (undefined for a document that is not open). */
  current(uri: string): DocumentAnalysis | undefined {
    const doc = this.documents.get(uri);
    if (!doc) return undefined;
    const cached = this.latest.get(uri);
    if (cached && cached.version === doc.version) return cached;
    const analysis = analyzeDocument(this.documents.toOpenDocument(doc), this.documents.byPath(), this.settings(), this.documents.root);
    this.latest.set(uri, analysis);
    return analysis;
  }

  forget(uri: string): void {
    this.latest.delete(uri);
  }

  /** After a settings change, or when another document changed what this one resolves to. */
  invalidate(uris?: readonly string[]): void {
    if (!uris) this.latest.clear();
    else for (const uri of uris) this.latest.delete(uri);
  }
}
