// The audit report as Markdown (a pull-request comment or a ticket).
import type { Severity } from '../model';
import { migrationCell } from '../report/docs-url';
import { cell, code, MAX_ROWS, plural, table } from '../report/markdown-table';
import type { AuditReport } from './model';
import { sourceLabel } from './report';
import { AUDIT_RULES } from './rules';

const ORDER: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

/** The audit as a pull-request comment or a ticket: a summary, a table per rule, then each finding with its step. */
export function renderAuditMarkdown(r: AuditReport): string {
  const n = r.summary.findings;
  const out: string[] = ['## rabbitmq4-codemod audit', ''];
  out.push(
    `**${plural(n.error, 'error')}, ${plural(n.warning, 'warning')}, ${n.info} info** on ${code(sourceLabel(r))}${r.brokerVersion ? ` (RabbitMQ ${cell(r.brokerVersion)})` : ''}${r.vhost !== undefined ? `, vhost ${code(r.vhost)}` : ''}: ` +
      `${plural(r.summary.queues, 'queue')}, ${plural(r.summary.policies, 'policy').replace(/policys$/, 'policies')}, ` +
      `${r.summary.consumers === null ? 'no consumers (a definitions export has none)' : plural(r.summary.consumers, 'consumer')}` +
      `${r.summary.declarations === null ? '' : `, ${plural(r.summary.declarations, 'queue declaration')} in the code`} (target RabbitMQ ${r.target}).`,
  );
  if (r.findings.length) {
    const byRule = new Map<string, { severities: Set<Severity>; count: number }>();
    for (const f of r.findings) {
      const e = byRule.get(f.ruleId) ?? { severities: new Set(), count: 0 };
      e.severities.add(f.severity);
      e.count++;
      byRule.set(f.ruleId, e);
    }
    const docsOf = (id: string) => AUDIT_RULES.find((x) => x.id === id)?.docs ?? id;
    out.push('', '### Rules', '');
    out.push(
      ...table(
        ['rule', 'severity', 'count', 'fix', 'what to do'],
        [...byRule].map(([id, e]) => [code(id), [...e.severities].sort((a, b) => ORDER[a] - ORDER[b]).join(', '), String(e.count), 'by hand', migrationCell(docsOf(id))]),
      ),
    );
    out.push('', '### Findings', '');
    out.push(
      ...table(
        ['object', 'vhost', 'rule', 'severity', 'message', 'to do'],
        r.findings.slice(0, MAX_ROWS).map((f) => [
          `${f.object.kind} ${code(f.object.name)}${f.code ? ` (${code(`${f.code.file}:${f.code.line}`)})` : ''}`,
          code(f.vhost),
          code(f.ruleId),
          f.severity,
          cell(f.message),
          cell(f.step) + f.commands.map((c) => `<br>${code(c)}`).join(''),
        ]),
      ),
    );
    if (r.findings.length > MAX_ROWS) out.push('', `…and ${r.findings.length - MAX_ROWS} more: see the JSON or SARIF report.`);
  }
  if (r.errors.length) {
    out.push('', '### Files that could not be analysed', '');
    out.push(...table(['file', 'problem'], r.errors.map((e) => [code(e.line ? `${e.file}:${e.line}` : e.file), cell(e.message)])));
  }
  return `${out.join('\n')}\n`;
}
