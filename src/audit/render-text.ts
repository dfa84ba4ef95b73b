// The audit report as text for a terminal.
import type { Colors } from '../colors';
import type { AuditReport } from './model';
import { objectLabel, sourceLabel } from './report';
import { brokerCell } from './consumers';
import { prefetchCell, queueCell } from '../report/consumers';

export function renderAuditText(r: AuditReport, c: Colors): string {
  const lines: string[] = [];
  const sev = { error: c.red('error'), warning: c.yellow('warning'), info: c.cyan('info') };
  for (const f of r.findings) {
    const where = f.code ? `${f.code.file}:${f.code.line}:${f.code.column}  ` : '';
    lines.push(`${c.bold(`${where}${objectLabel(f)}`)}  ${sev[f.severity]}  ${c.dim(f.ruleId)}`);
    lines.push(`    ${f.message}`);
    if (f.brokerError) lines.push(`    ${c.dim('broker:')} ${f.brokerError}`);
    lines.push(`    ${c.dim('to do:')} ${f.step}`);
    for (const cmd of f.commands) lines.push(`      ${c.cyan('$')} ${cmd}`);
  }
  if (r.consumers?.length) {
    if (lines.length) lines.push('');
    lines.push(c.bold('Consumers in the code, with their queue on the broker (most urgent first)'));
    const rows = r.consumers.map((k) => [`${k.file}:${k.line}`, queueCell(k), k.ack, prefetchCell(k), k.verdict, brokerCell(k)]);
    const head = ['where', 'queue', 'ack', 'prefetch', 'verdict', 'broker'];
    const width = head.map((h, i) => Math.min(60, Math.max(h.length, ...rows.map((x) => x[i].length))));
    const fmt = (x: string[]) => x.map((cell, i) => (i === x.length - 1 ? cell : cell.padEnd(width[i]))).join('  ');
    lines.push(c.dim(fmt(head)), ...rows.map(fmt));
  }
  for (const e of r.errors) lines.push(`${c.bold(e.file)}${e.line ? `:${e.line}:${e.column}` : ''}  ${c.red('error')}  ${e.message}`);
  const n = r.summary.findings;
  if (lines.length) lines.push('');
  const consumers = r.summary.consumers === null ? 'consumers not in a definitions export' : `${r.summary.consumers} consumers`;
  const code = r.summary.declarations === null ? '' : `, ${r.summary.declarations} queue declarations in the code`;
  lines.push(
    `Audit of ${sourceLabel(r)}${r.brokerVersion ? ` (RabbitMQ ${r.brokerVersion})` : ''}${r.vhost !== undefined ? `, vhost '${r.vhost}'` : ''}: ` +
      `${r.summary.queues} queues, ${r.summary.policies} policies, ${consumers}${code}: ${n.error} errors, ${n.warning} warnings, ${n.info} info (target RabbitMQ ${r.target})`,
  );
  return `${lines.join('\n')}\n`;
}
