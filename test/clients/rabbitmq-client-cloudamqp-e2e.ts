import { expect } from 'vitest';
import { cli, project, read } from '../helpers';

/**
 * End-to-end helpers for the rabbitmq-client and @cloudamqp/amqp-client tests: scan a project
 * through the CLI, and fix it for real (`fix --write`), then check the result.
 */

export interface ReportFinding {
  ruleId: string;
  severity: string;
  file: string;
  line: number;
  client: string;
  queue?: string;
  message: string;
  fix: { kind: string; description: string };
}

export interface ReportConsumer {
  file: string;
  line: number;
  queue: string | null;
  ack: string;
  prefetch: number | null;
  verdict: string;
}

const QUEUE_RULES = new Set(['transient-nonexclusive-queue', 'quorum-queue-invalid-property', 'stream-queue-invalid-property', 'queue-argument-not-supported', 'deprecated-queue-argument']);

export function scanJson(dir: string): { findings: ReportFinding[]; consumers: ReportConsumer[] } {
  const r = cli(dir, 'scan', '--format', 'json', '--fail-on', 'never');
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout);
}

/** [rule, severity, file, line, queue, fix kind] per finding, in report order. */
export const rows = (findings: ReportFinding[]) => findings.map((f) => [f.ruleId, f.severity, f.file, f.line, f.queue ?? null, f.fix.kind]);

/**
 * `fix --write` on a git project: every file becomes exactly `expected` (or stays as it was), no
 * error-level queue finding is left, and a second fix changes nothing.
 */
export function fixForReal(files: Record<string, string>, expected: Record<string, string>): string {
  const dir = project(files, { git: true });
  const r = cli(dir, 'fix', '--write', '--allow-dirty');
  expect(r.code, r.stderr).toBe(0);
  for (const [file, text] of Object.entries(files)) expect(read(dir, file), file).toBe(expected[file] ?? text);
  const left = scanJson(dir).findings.filter((f) => f.severity === 'error' && QUEUE_RULES.has(f.ruleId));
  expect(left.map((f) => [f.ruleId, f.file, f.line, f.message])).toEqual([]);
  const again = cli(dir, 'fix', '--write', '--allow-dirty');
  expect(again.code, again.stderr).toBe(0);
  expect(again.stdout).toContain('Changed 0 files.');
  for (const file of Object.keys(files)) expect(read(dir, file), file).toBe(expected[file] ?? files[file]);
  return dir;
}
