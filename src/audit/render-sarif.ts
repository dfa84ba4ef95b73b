// The audit report as SARIF 2.1.0.
import { sarifLog, type SarifPlace } from '../report/sarif-log';
import type { AuditReport } from './model';
import { AUDIT_RULES } from './rules';

/**
 * The audit as SARIF 2.1.0. A redeclare mismatch points at the code that declares the queue; a
 * finding read from a definitions file points at the object in that file; one read from the
 * management API has only a logical location (the broker object).
 */
export function renderAuditSarif(r: AuditReport, place: SarifPlace = {}): string {
  const definitions = 'definitions' in r.source ? r.source.definitions : undefined;
  const log = sarifLog({
    place,
    rules: AUDIT_RULES,
    target: r.target,
    results: r.findings.map((f) => {
      const place = f.code ?? (definitions && f.at ? { file: definitions, ...f.at } : undefined);
      return {
        ruleId: f.ruleId,
        severity: f.severity,
        message: `${f.message} To do: ${f.step}${f.commands.length ? ` Commands: ${f.commands.join(' ; ')}` : ''}`,
        location: place ? { file: place.file, region: { startLine: place.line, startColumn: place.column, endLine: place.endLine, endColumn: place.endColumn } } : undefined,
        logical: { name: f.object.name, fullyQualifiedName: `${f.vhost}/${f.object.name}`, kind: f.object.kind },
        properties: { vhost: f.vhost, step: f.step, commands: f.commands, ...(f.brokerError ? { brokerError: f.brokerError } : {}) },
      };
    }),
    notifications: r.errors.map((e) => ({ severity: 'error' as const, message: e.message, file: e.file, line: e.line, column: e.column })),
  });
  return `${JSON.stringify(log, null, 2)}\n`;
}
