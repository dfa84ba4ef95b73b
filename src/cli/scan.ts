import * as fs from 'node:fs';
import * as path from 'node:path';
import { SEVERITY_RANK, type Severity } from '../model';
import { runProject } from '../engine/project';
import { buildReport } from '../report/model';
import { renderJson } from '../report/json';
import { renderText } from '../report/text';
import { flag, parseArgs, list, UsageError } from './args';
import { analyzeOptions, checkPaths, color, COMMON_FLAGS, maxFileBytes, useColor, type Io } from './common';

export const SCAN_FLAGS = {
  ...COMMON_FLAGS,
  format: { value: true, choices: ['text', 'json', 'sarif', 'markdown'] },
  output: { value: true },
  'fail-on': { value: true, choices: ['error', 'warning', 'info', 'never'] },
};

export function scan(argv: string[], io: Io): number {
  const args = parseArgs(argv, SCAN_FLAGS, 'scan');
  const format = flag(args, 'format') ?? 'text';
  if (format === 'sarif' || format === 'markdown') throw new UsageError(`--format ${format} is not available yet; use text or json`);
  const paths = args.positionals.length ? args.positionals : ['.'];
  checkPaths(paths, io.cwd);
  const run = runProject(paths, { cwd: io.cwd, exclude: list(args, 'exclude'), maxFileBytes: maxFileBytes(args) }, analyzeOptions(args));
  const report = buildReport(run);
  const output = flag(args, 'output');
  const rendered = format === 'json' ? renderJson(report) : renderText(report, color(!output && useColor(io.stdout)));
  if (output) fs.writeFileSync(path.resolve(io.cwd, output), rendered);
  else io.stdout.write(rendered);
  return exitCode(report.findings.map((f) => f.severity), report.errors.length > 0, (flag(args, 'fail-on') ?? 'error') as Severity | 'never');
}

/** 1 if anything is at or above --fail-on (a file that cannot be analysed counts as an error). */
export function exitCode(severities: Severity[], hadErrors: boolean, failOn: Severity | 'never'): number {
  if (failOn === 'never') return 0;
  if (hadErrors) return 1;
  return severities.some((s) => SEVERITY_RANK[s] >= SEVERITY_RANK[failOn]) ? 1 : 0;
}
