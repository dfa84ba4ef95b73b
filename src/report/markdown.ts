// The scan report as Markdown (a pull-request comment).
import type { Severity } from '../model';
import { migrationCell, migrationUrl, MIGRATION_WITHOUT_LINKS } from './docs-url';
import { cell, code, MAX_ROWS, plural, table } from './markdown-table';
import type { Report } from './model';
import { consumerGroups, prefetchCell, queueCell } from './consumers';
import { SCAN_RULES } from './rule-info';

const ORDER: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

/** The scan report as a pull-request comment: a summary, a table per rule, the findings, the consumers. */
export function renderMarkdown(report: Report): string {
  const n = report.summary.findings;
  const out: string[] = ['## rabbitmq4-codemod', ''];
  const files = new Set(report.findings.map((f) => f.file)).size;
  out.push(
    `**${plural(n.error, 'error')}, ${plural(n.warning, 'warning')}, ${n.info} info** in ${plural(files, 'file')} ` +
      `(${report.summary.files} scanned, ${report.summary.parsed} analysed, ${plural(report.summary.parseErrors, 'parse error')}; target RabbitMQ ${report.target}).`,
  );
  if (report.findings.length) {
    const byRule = new Map<string, { severities: Set<Severity>; count: number; kinds: Set<string> }>();
    for (const f of report.findings) {
      const e = byRule.get(f.ruleId) ?? { severities: new Set(), count: 0, kinds: new Set() };
      e.severities.add(f.severity);
      e.count++;
      e.kinds.add(f.fix.kind);
      byRule.set(f.ruleId, e);
    }
    const docsOf = (id: string) => SCAN_RULES.find((r) => r.id === id)?.docs ?? id;
    const rows = [...byRule]
      .sort(([a, x], [b, y]) => worst(x.severities) - worst(y.severities) || y.count - x.count || a.localeCompare(b))
      .map(([id, e]) => [
        code(id),
        [...e.severities].sort((a, b) => ORDER[a] - ORDER[b]).join(', '),
        String(e.count),
        [...e.kinds].join(', '),
        migrationCell(docsOf(id)),
      ]);
    out.push('', '### Rules', '', ...table(['rule', 'severity', 'count', 'fix', 'what to do'], rows));
    if (!migrationUrl(docsOf(report.findings[0].ruleId))) out.push('', MIGRATION_WITHOUT_LINKS);

    const findings = [...report.findings].sort((a, b) => ORDER[a.severity] - ORDER[b.severity] || a.file.localeCompare(b.file) || a.line - b.line);
    out.push('', '### Findings', '');
    out.push(
      ...table(
        ['where', 'rule', 'severity', 'message'],
        findings.slice(0, MAX_ROWS).map((f) => [code(`${f.file}:${f.line}`), code(f.ruleId), f.severity, cell(f.message)]),
      ),
    );
    if (findings.length > MAX_ROWS) out.push('', `…and ${findings.length - MAX_ROWS} more: see the JSON or SARIF report (\`--format json\`, \`--format sarif\`).`);
  }
  if (report.consumers.length) {
    out.push('', '### Consumers', '', 'Most urgent first: automatic ack with no prefetch, manual ack with no prefetch, other unsafe, unknown, safe.');
    const groups = consumerGroups(report.consumers);
    if (groups.length > 1) {
      out.push('', ...table(['package', 'unsafe', 'unknown', 'safe'], groups.map((g) => [code(g.name ?? '(root)'), String(g.unsafe), String(g.unknown), String(g.safe)])));
    }
    let shown = 0;
    for (const g of groups) {
      const rows = g.rows.slice(0, Math.max(0, MAX_ROWS - shown));
      shown += rows.length;
      if (!rows.length) continue;
      if (g.name !== undefined) out.push('', `#### ${cell(g.name)}: ${g.unsafe} unsafe, ${g.unknown} unknown, ${g.safe} safe`);
      out.push(
        '',
        ...table(
          ['where', 'queue', 'client', 'ack', 'prefetch', 'verdict', 'why'],
          rows.map((k) => [
            code(`${k.file}:${k.line}`),
            k.queue === null ? cell(queueCell(k)) : code(k.queue),
            cell(k.client),
            k.ack,
            cell(prefetchCell(k)),
            k.verdict === 'unsafe' ? '**unsafe**' : k.verdict,
            cell([...k.reasons, ...(k.decidedBy ?? []).map((d) => `${d.value} decided by ${d.name} (${d.file}:${d.line})`)].join('; ')),
          ]),
        ),
      );
    }
    if (report.consumers.length > MAX_ROWS) out.push('', `…and ${report.consumers.length - MAX_ROWS} more consumers.`);
  }
  if (report.errors.length) {
    out.push('', '### Files that could not be analysed', '');
    out.push(...table(['file', 'problem'], report.errors.map((e) => [code(e.line ? `${e.file}:${e.line}` : e.file), cell(e.message)])));
  }
  return `${out.join('\n')}\n`;
}

function worst(s: Set<Severity>): number {
  return Math.min(...[...s].map((x) => ORDER[x]));
}
