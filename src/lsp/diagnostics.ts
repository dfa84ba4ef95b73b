// Findings as LSP diagnostics.
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Finding, FixKind, Severity } from '../model';
import type { DocumentAnalysis } from './analysis';
import { ruleDocsUrl } from './rule-docs';

export const SOURCE = 'rabbitmq4-codemod';

const SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  info: DiagnosticSeverity.Information,
};

/** Carried by each diagnostic so a code action can find its finding again (see code-actions.ts). */
export interface DiagnosticData {
  version: number;
  start: number;
  end: number;
  fix: FixKind;
}

export function toDiagnostics(analysis: DocumentAnalysis, doc: TextDocument): Diagnostic[] {
  if (analysis.parseError) return [parseErrorDiagnostic(analysis.parseError, doc)];
  return analysis.findings.map((f) => findingDiagnostic(f, analysis, doc));
}

function findingDiagnostic(f: Finding, analysis: DocumentAnalysis, doc: TextDocument): Diagnostic {
  const version = analysis.version;
  const related = analysis.related.get(f);
  const data: DiagnosticData = { version, start: f.start, end: f.end, fix: f.fix.kind };
  return {
    range: { start: doc.positionAt(f.start), end: doc.positionAt(f.end) },
    severity: SEVERITY[f.severity],
    source: SOURCE,
    code: f.ruleId,
    codeDescription: { href: ruleDocsUrl(f.ruleId) },
    // VS Code drops a diagnostic with an empty message.
    message: (f.brokerError ? `${f.message}\n${f.brokerError}` : f.message) || f.ruleId,
    ...(related?.length ? { relatedInformation: related } : {}),
    data,
  };
}

/** One hint at the parse error, so the user knows why the file shows no findings. */
function parseErrorDiagnostic(error: NonNullable<DocumentAnalysis['parseError']>, doc: TextDocument): Diagnostic {
  const line = Math.max(0, error.line - 1);
  const start = doc.offsetAt({ line, character: Math.max(0, error.column - 1) });
  const end = Math.min(start + 1, doc.offsetAt({ line: line + 1, character: 0 }));
  return {
    range: { start: doc.positionAt(start), end: doc.positionAt(Math.max(start, end)) },
    severity: DiagnosticSeverity.Information,
    source: SOURCE,
    message: `${SOURCE}: cannot parse: ${error.message}`,
  };
}
