// Hover on a consumer: its row of the consumers table (queue or where its name comes from, ack, prefetch or its
// range and source, verdict, and what decides an unknown one), the same content as `scan`'s report.
import type { ConsumerReport } from '../model';
import { prefetchCell, queueCell } from '../report/consumers';

/** The hover section of the consumers that start on a line (1-based), or undefined if none does. */
export function consumerHover(rows: readonly ConsumerReport[] | undefined, line: number, markdown: boolean): string | undefined {
  const here = (rows ?? []).filter((r) => r.line === line);
  if (!here.length) return undefined;
  const bold = (s: string) => (markdown ? `**${s}**` : s);
  return here
    .map((r) => {
      const lines = [`${bold('Consumer')} (${r.client}): ${r.verdict}`, `queue: ${queueCell(r)}`, `ack: ${r.ack}${r.ackSource ? ` (${r.ackSource.description})` : ''}`, `prefetch: ${prefetchCell(r)}`];
      if (r.queueSource) lines.push(`queue name: ${r.queueSource.description}`);
      if (r.prefetchSource) lines.push(`prefetch from: ${r.prefetchSource.description}`);
      for (const d of r.decidedBy ?? []) lines.push(`decided by: ${d.value} ${d.name} at ${d.file}:${d.line}`);
      if (r.reasons.length) lines.push(`why: ${r.reasons.join('; ')}`);
      return lines.join(markdown ? '  \n' : '\n');
    })
    .join(markdown ? '\n\n' : '\n\n');
}
