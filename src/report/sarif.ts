// The scan report as SARIF 2.1.0.
import type { Finding, TextEdit } from '../model';
import { LineIndex } from '../text';
import type { Report } from './model';
import { SCAN_RULES } from './rule-info';
import { sarifLog, type SarifFix, type SarifPlace, type SarifRegion } from './sarif-log';

/** The scan report as SARIF 2.1.0: one result per finding, with its rewrite as a SARIF fix; paths from the repository root. */
export function renderSarif(report: Report, place: SarifPlace = {}): string {
  const lines = new Map<string, LineIndex | undefined>();
  const index = (file: string) => {
    if (!lines.has(file)) {
      const text = report.source?.(file);
      lines.set(file, text === undefined ? undefined : new LineIndex(text));
    }
    return lines.get(file);
  };
  const log = sarifLog({
    place,
    rules: SCAN_RULES,
    target: report.target,
    results: report.findings.map((f) => ({
      ruleId: f.ruleId,
      severity: f.severity,
      message: [f.message, f.brokerError && `Broker: ${f.brokerError}`, f.fix.kind === 'rewrite' && f.fix.existingQueue && `A queue that already exists: ${f.fix.existingQueue}`].filter(Boolean).join(' '),
      location: { file: f.file, region: { startLine: f.line, startColumn: f.column, endLine: f.endLine, endColumn: f.endColumn } },
      fixes: fixOf(f, index),
      related: f.related?.map((l) => ({ file: l.file, region: { startLine: l.line, startColumn: l.column, endLine: l.endLine, endColumn: l.endColumn }, message: l.message })),
      properties: {
        ...consumerProperties(report, f),
        ...(f.client ? { client: f.client } : {}),
        ...(f.queue !== undefined ? { queue: f.queue } : {}),
        fixKind: f.fix.kind,
        fixDescription: f.fix.description,
        ...(f.fix.existingQueue ? { existingQueue: f.fix.existingQueue } : {}),
        ...(f.fix.premises?.length ? { fixPremises: f.fix.premises } : {}),
      },
    })),
    notifications: [
      ...report.errors.map((e) => ({ severity: 'error' as const, message: e.message, file: e.file, line: e.line, column: e.column })),
      ...report.skipped.map((s) => ({ severity: 'warning' as const, message: s.message, file: s.file })),
    ],
  });
  return `${JSON.stringify(log, null, 2)}\n`;
}

/** A consumer rule's result: its row of the consumers table (where the queue and the prefetch come from, what decides it). */
function consumerProperties(report: Report, f: Finding): Record<string, unknown> {
  // At the consumer, or at its options in a helper with the consumer's call among the related places.
  const at = (file: string, line: number) => (c: { file: string; line: number }) => c.file === file && c.line === line;
  const row = report.consumers.find(at(f.file, f.line)) ?? report.consumers.find((c) => f.related?.some((r) => at(r.file, r.line)(c)));
  if (!row) return {};
  const { file: _f, line: _l, client: _c, reasons: _r, ...rest } = row;
  return { consumer: rest };
}

/** A rewrite's text edits as a SARIF fix; the edits' offsets become lines and columns of each file's text. */
function fixOf(f: Finding, index: (file: string) => LineIndex | undefined): SarifFix[] | undefined {
  if (f.fix.kind !== 'rewrite' || !f.fix.edits?.length) return undefined;
  const byFile = new Map<string, TextEdit[]>();
  for (const e of f.fix.edits) {
    const file = e.file ?? f.file;
    byFile.set(file, [...(byFile.get(file) ?? []), e]);
  }
  const changes: SarifFix['changes'] = [];
  for (const [file, edits] of byFile) {
    const lines = index(file);
    // Without the file's text the offsets cannot be placed: no fix rather than a wrong one.
    if (!lines) return undefined;
    changes.push({ uri: file, replacements: [...edits].sort((a, b) => a.start - b.start).map((e) => ({ deleted: region(lines, e), inserted: e.text })) });
  }
  return [{ description: f.fix.description, changes }];
}

function region(lines: LineIndex, e: TextEdit): SarifRegion {
  const start = lines.position(e.start);
  const end = lines.position(e.end);
  return { startLine: start.line, startColumn: start.column, endLine: end.line, endColumn: end.column };
}
