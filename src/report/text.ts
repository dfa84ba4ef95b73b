// The scan report as text for a terminal.
import type { Colors } from '../colors';
import type { Report } from './model';

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
    lines.push(c.bold('Consumers'));
    const rows = report.consumers.map((k) => [
      `${k.file}:${k.line}`,
      k.queue ?? '?',
      k.client,
      k.ack,
      k.prefetch === null ? 'none' : String(k.prefetch),
      k.verdict,
      k.reasons.join('; '),
    ]);
    lines.push(...table(['where', 'queue', 'client', 'ack', 'prefetch', 'verdict', 'why'], rows, c));
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

function table(head: string[], rows: string[][], c: Colors): string[] {
  const width = head.map((h, i) => Math.min(60, Math.max(h.length, ...rows.map((r) => r[i].length))));
  const fmt = (r: string[]) => r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(width[i]))).join('  ');
  return [c.dim(fmt(head)), ...rows.map(fmt)];
}
