// The scan report as text for a terminal.
import type { Colors } from '../colors';
import type { Report } from './model';
import { consumerGroups, prefetchCell, queueCell, type ConsumerReport } from './consumers';

export function renderText(report: Report, c: Colors): string {
  const lines: string[] = [];
  const sev = { error: c.red('error'), warning: c.yellow('warning'), info: c.cyan('info') };
  for (const f of report.findings) {
    lines.push(`${c.bold(`${f.file}:${f.line}:${f.column}`)}  ${sev[f.severity]}  ${f.message}  ${c.dim(f.ruleId)}`);
    if (f.brokerError) lines.push(`    ${c.dim('broker:')} ${f.brokerError}`);
    if (f.fix.kind !== 'none') lines.push(`    ${c.dim(`fix (${f.fix.kind}):`)} ${f.fix.description}`);
    else lines.push(`    ${c.dim('to do:')} ${f.fix.description}`);
    if (f.fix.existingQueue) lines.push(`    ${c.dim('a queue that already exists:')} ${f.fix.existingQueue}`);
  }
  if (report.consumers.length) {
    if (lines.length) lines.push('');
    lines.push(c.bold('Consumers'), c.dim('(most urgent first: automatic ack with no prefetch, manual ack with no prefetch, other unsafe, unknown, safe)'));
    const head = ['where', 'queue', 'client', 'ack', 'prefetch', 'verdict', 'why'];
    const row = (k: (typeof report.consumers)[number]) => [`${k.file}:${k.line}`, queueCell(k), k.client, k.ack, prefetchCell(k), k.verdict, whyCell(k)];
    const groups = consumerGroups(report.consumers);
    const all = groups.flatMap((g) => g.rows.map(row));
    const widths = widthsOf(head, all);
    for (const g of groups) {
      if (g.name !== undefined) lines.push('', c.bold(`${g.name}: ${g.unsafe} unsafe, ${g.unknown} unknown, ${g.safe} safe`));
      lines.push(...table(head, g.rows.map(row), c, widths));
    }
  }
  for (const e of report.errors) lines.push(`${c.bold(e.file)}${e.line ? `:${e.line}:${e.column}` : ''}  ${c.red('error')}  ${e.message}`);
  for (const s of report.skipped) lines.push(`${c.bold(s.file)}  ${c.dim(s.message)}`);
  const n = report.summary.findings;
  if (lines.length) lines.push('');
  lines.push(
    `${report.summary.files} files, ${report.summary.parsed} analysed${report.summary.cache ? ` (${report.summary.cache.reused} from the cache)` : ''}, ${report.summary.parseErrors} parse errors${report.summary.skipped ? `, ${report.summary.skipped} skipped` : ''}: ` +
      `${n.error} errors, ${n.warning} warnings, ${n.info} info (target RabbitMQ ${report.target})`,
  );
  return `${lines.join('\n')}\n`;
}

/** The why cell: the reasons, and for an unknown verdict what decides it. */
function whyCell(k: ConsumerReport): string {
  const decided = k.decidedBy?.map((d) => `${d.value} decided by ${d.name} (${d.file}:${d.line})`) ?? [];
  return [...k.reasons.map((r) => r.replace(/; it is .*$/, '')), ...decided].join('; ');
}

function widthsOf(head: string[], rows: string[][]): number[] {
  return head.map((h, i) => Math.min(60, Math.max(h.length, ...rows.map((r) => r[i].length))));
}

function table(head: string[], rows: string[][], c: Colors, width = widthsOf(head, rows)): string[] {
  const fmt = (r: string[]) => r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(width[i]))).join('  ');
  return [c.dim(fmt(head)), ...rows.map(fmt)];
}
