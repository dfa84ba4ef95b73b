// The consumers table of a report: each row's package (service) in a project of several, the order to fix in, and
// the cells every format shows (a queue or where its name comes from, a prefetch, its range or its source).
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Analysis } from '../engine/analyze';
import type { ConsumerReport } from '../model';

export type { ConsumerReport };

/** The consumers table: every consumer with its verdict, its package where the project has several, and its priority. */
export function consumerReports(analysis: Analysis): ConsumerReport[] {
  const rows = analysis.files.flatMap((f) => f.consumers.map((c) => ({ row: { ...c }, absolute: f.path === c.file ? f.absolute : undefined })));
  const packages = rows.map((r) => (r.absolute ? packageOf(r.absolute) : undefined));
  if (new Set(packages.filter(Boolean)).size > 1) rows.forEach((r, i) => packages[i] && (r.row.package = packages[i]));
  const out = rows.map((r) => r.row);
  [...out].sort(byFixOrder).forEach((r, i) => (r.priority = i + 1));
  return out;
}

/**
 * The order to fix in (documented in MIGRATION.md#consumers-report): 1. automatic ack with no prefetch (the broker
 * pushes the whole backlog and forgets it), 2. manual ack with no prefetch, 3. any other unsafe consumer, 4. unknown,
 * 5. safe; within a rank, a queue with more messages ready first (audit, when a broker is given), then by place.
 */
export function fixRank(r: ConsumerReport): number {
  const unbounded = r.prefetch === 0 || (r.prefetch === null && !r.prefetchRange && !r.prefetchSource);
  if (r.verdict === 'unsafe') return r.ack === 'auto' && unbounded ? 1 : r.ack === 'manual' && unbounded ? 2 : 3;
  return r.verdict === 'unknown' ? 4 : 5;
}

export function byFixOrder(a: ConsumerReport & { ready?: number }, b: ConsumerReport & { ready?: number }): number {
  return fixRank(a) - fixRank(b) || (b.ready ?? -1) - (a.ready ?? -1) || a.file.localeCompare(b.file) || a.line - b.line;
}

/** The queue cell: its name, or `?` and where the name comes from. */
export function queueCell(r: ConsumerReport): string {
  if (r.queue !== null) return r.queue;
  const s = r.queueSource;
  if (!s) return '?';
  const what = s.kind === 'template' ? s.template : s.kind === 'environment' ? `$${s.name}` : (s.name ?? s.expression);
  return `? ${s.kind} ${what}${s.fallback ? ` (else ${s.fallback})` : ''} at ${s.file}:${s.line}`;
}

/** The prefetch cell: its value, its range, where run time reads it, or none (no prefetch is set). */
export function prefetchCell(r: ConsumerReport): string {
  if (r.prefetch !== null) return String(r.prefetch);
  if (r.prefetchRange) return r.prefetchRange;
  if (r.prefetchSource) return `unknown: ${r.prefetchSource.kind} ${r.prefetchSource.name ?? r.prefetchSource.expression} at ${r.prefetchSource.file}:${r.prefetchSource.line}`;
  return 'none';
}

/** The packages of a table's rows, in the order of their most urgent consumer, with their counts. */
export function consumerGroups(rows: ConsumerReport[]): { name: string | undefined; rows: ConsumerReport[]; unsafe: number; unknown: number; safe: number }[] {
  const sorted = [...rows].sort(byFixOrder);
  const groups = new Map<string | undefined, ConsumerReport[]>();
  for (const r of sorted) groups.set(r.package, [...(groups.get(r.package) ?? []), r]);
  return [...groups].map(([name, list]) => ({ name, rows: list, unsafe: count(list, 'unsafe'), unknown: count(list, 'unknown'), safe: count(list, 'safe') }));
}

const count = (rows: ConsumerReport[], v: ConsumerReport['verdict']) => rows.filter((r) => r.verdict === v).length;

/** The nearest package.json above a file that names a package: its name (or its folder's). */
function packageOf(absolute: string): string | undefined {
  for (let dir = path.dirname(absolute); ; ) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest)) {
      try {
        const pkg = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: unknown; workspaces?: unknown };
        // A workspace root holds the services: a file directly in it belongs to the root.
        return typeof pkg.name === 'string' && pkg.name ? pkg.name : path.basename(dir);
      } catch {
        return path.basename(dir);
      }
    }
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}
