// Findings as LSP diagnostics.
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Finding, FixKind, Severity } from '../model';
import { lastCodeBefore } from '../parse/recover';
import type { DocumentAnalysis, ParseFailure } from './analysis';
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
  return [...analysis.syntaxErrors.map((e) => parseErrorDiagnostic(e, doc)), ...analysis.findings.map((f) => findingDiagnostic(f, analysis, doc))];
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

export const PARSE_ERROR_CODE = 'parse-error';

/**
 * A syntax error, on the character where the code is broken (the recovery places it: see
 * parse/recover.ts); an error at the end of a line's code, or of the file, on the last character of
 * code before it. The message says what is not checked meanwhile: the region left out (its lines),
 * or the whole file.
 */
function parseErrorDiagnostic(error: ParseFailure, doc: TextDocument): Diagnostic {
  const text = doc.getText();
  const atLineEnd = /^[^\S\r\n\u2028\u2029]*(?:[\r\n\u2028\u2029]|$)/.test(text.slice(error.offset));
  const start = atLineEnd ? Math.max(0, lastCodeBefore(text, error.offset) - 1) : error.offset;
  const lineEnd = doc.offsetAt({ line: doc.positionAt(start).line + 1, character: 0 });
  const end = Math.min(start + 1, text.length, Math.max(start, lineEnd - 1));
  return {
    range: { start: doc.positionAt(start), end: doc.positionAt(Math.max(start, end)) },
    severity: DiagnosticSeverity.Error,
    source: SOURCE,
    code: PARSE_ERROR_CODE,
    message: `${error.message} (${notChecked(error.region, doc)} until it parses)`,
  };
}

function notChecked(region: ParseFailure['region'], doc: TextDocument): string {
  if (!region) return 'the file is not checked';
  const first = doc.positionAt(region.start).line + 1;
  const last = doc.positionAt(Math.max(region.start, lastCodeBefore(doc.getText(), region.end) - 1)).line + 1;
  return first === last ? `line ${first} is not checked` : `lines ${first}-${last} are not checked`;
}
