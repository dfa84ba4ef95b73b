/**
 * The plan of the sample project (test/plan/sample: three services on classic queues), as the built CLI prints
 * it, in each format, without a broker and with a definitions export of the broker it runs on. The expected
 * outputs are checked in beside it; `npm run fixtures:update` (after `npm run build`) regenerates them.
 */
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';

export const PLAN_DIR = __dirname;
const BIN = path.join(__dirname, '..', '..', 'bin', 'rabbitmq4-codemod');

export const PLAN_CASES: { name: string; args: string[] }[] = [
  { name: 'sample.plan.txt', args: [] },
  { name: 'sample.plan.md', args: ['--format', 'markdown'] },
  { name: 'sample.plan.json', args: ['--format', 'json'] },
  { name: 'sample-definitions.plan.txt', args: ['--definitions', '../sample-definitions.json'] },
  { name: 'sample-definitions.plan.json', args: ['--definitions', '../sample-definitions.json', '--format', 'json'] },
];

/** The CLI's output and exit code for a case, run in the sample project. */
export function runPlanCase(args: string[]): { stdout: string; stderr: string; code: number } {
  const r = spawnSync(process.execPath, [BIN, 'plan', '.', ...args], { cwd: path.join(__dirname, 'sample'), encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { stdout: r.stdout, stderr: r.stderr, code: r.status ?? -1 };
}
