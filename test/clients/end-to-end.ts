import { expect } from 'vitest';
import { cli, project, read } from '../helpers';

/** A finding as the JSON report shows it. */
export interface JsonFinding {
  ruleId: string;
  severity: string;
  file: string;
  line: number;
  client: string;
  queue?: string;
  message: string;
  fix: { kind: string; description: string };
  related?: { file: string; line: number; column: number; endLine: number; endColumn: number; message: string }[];
}

export interface JsonConsumer {
  file: string;
  line: number;
  client: string;
  queue: string | null;
  ack: string;
  prefetch: number | null;
  verdict: string;
  reasons: string[];
}

export const QUEUE_RULES = new Set([
  'transient-nonexclusive-queue',
  'quorum-queue-invalid-property',
  'stream-queue-invalid-property',
  'queue-argument-not-supported',
  'deprecated-queue-argument',
]);

export function scan(dir: string): { findings: JsonFinding[]; consumers: JsonConsumer[] } {
  return JSON.parse(cli(dir, 'scan', '--format', 'json', '--fail-on', 'never').stdout);
}

/** [rule, severity, file, line, queue, fix kind] of every finding, in report order. */
export const summary = (findings: JsonFinding[]) => findings.map((f) => [f.ruleId, f.severity, f.file, f.line, f.queue ?? null, f.fix.kind]);

/**
 * Runs `fix --write` on a git project of `files`, checks each file is exactly `expected` (unchanged
 * when absent), and that the queues left refused are exactly the ones the fix annotated because no
 * rewrite exists (`annotated`: [rule, file, line after the fix]); a second fix changes nothing.
 */
export function fixAndRecheck(files: Record<string, string>, expected: Record<string, string>, annotated: [string, string, number][] = []): void {
  const dir = project(files, { git: true });
  const r = cli(dir, 'fix', '--write', '--allow-dirty');
  expect(r.code, r.stderr).toBe(0);
  for (const [file, text] of Object.entries(files)) expect(read(dir, file), file).toBe(expected[file] ?? text);
  const left = scan(dir).findings.filter((f) => f.severity === 'error' && QUEUE_RULES.has(f.ruleId));
  expect(left.map((f) => [f.ruleId, f.file, f.line])).toEqual(annotated);
  const again = cli(dir, 'fix', '--write', '--allow-dirty');
  expect(again.stdout).toContain('Changed 0 files.');
  for (const file of Object.keys(files)) expect(read(dir, file), file).toBe(expected[file] ?? files[file]);
}
