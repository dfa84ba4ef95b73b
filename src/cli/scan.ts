// The `scan` command: the report in text, JSON, SARIF or Markdown, and the exit code from `--fail-on`.
import { SEVERITY_RANK, type Severity } from '../model';
import { runProject } from '../engine/project';
import type { WorkersSetting } from '../engine/workers';
import { progressLine } from './progress';
import { buildReport } from '../report/model';
import { renderJson } from '../report/json';
import { renderText } from '../report/text';
import { renderSarif } from '../report/sarif';
import { repositoryPath } from '../report/repository-path';
import { renderMarkdown } from '../report/markdown';
import { applySeverities } from '../config/severities';
import { flag, parseArgs } from './args';
import { checkPaths, color, COMMON_FLAGS, maxFileBytes, useColor, writeOutput, projectRoot, cacheOption, type Io } from './common';
import { settings } from './settings';

export const SCAN_FLAGS = {
  ...COMMON_FLAGS,
  format: { value: true, choices: ['text', 'json', 'sarif', 'markdown'] },
  output: { value: true },
  'fail-on': { value: true, choices: ['error', 'warning', 'info', 'never'] },
};

export function scan(argv: string[], io: Io): number {
  const args = parseArgs(argv, SCAN_FLAGS, 'scan');
  const format = flag(args, 'format') ?? 'text';
  const paths = args.positionals.length ? args.positionals : ['.'];
  checkPaths(paths, io.cwd);
  const config = settings(args, io.cwd);
  const progress = progressLine(io.stderr);
  const run = runProject(paths, { cwd: io.cwd, exclude: config.exclude, includeMinified: config.includeMinified, maxFileBytes: maxFileBytes(args), root: projectRoot(args, io.cwd), cache: cacheOption(args, io.cwd), workers: workersSetting(), onProgress: progress.update }, config.analyze);
  progress.done();
  applySeverities(run.analysis.files.flatMap((f) => f.findings), config.severities);
  const report = buildReport(run);
  const output = flag(args, 'output');
  const rendered =
    format === 'json'
      ? renderJson(report)
      : format === 'sarif'
        ? renderSarif(report, { repositoryPath: repositoryPath(io.cwd) })
        : format === 'markdown'
          ? renderMarkdown(report)
          : renderText(report, color(!output && useColor(io.stdout)));
  if (output) writeOutput(io.cwd, output, rendered);
  else io.stdout.write(rendered);
  return exitCode(report.findings.map((f) => f.severity), report.errors.length > 0, config.failOn);
}

/** 1 if anything is at or above --fail-on (a file that cannot be analysed counts as an error). */
export function exitCode(severities: Severity[], hadErrors: boolean, failOn: Severity | 'never'): number {
  if (failOn === 'never') return 0;
  if (hadErrors) return 1;
  return severities.some((s) => SEVERITY_RANK[s] >= SEVERITY_RANK[failOn]) ? 1 : 0;
}

/**
 * Worker threads: one per core (this thread included) once enough files need parsing (`auto`, the
 * default), or RABBITMQ4_CODEMOD_WORKERS=N threads (0 or 1: this thread only). With the native
 * parser, two threads scan the dense benchmark corpus in ~10% less time than one on two cores
 * (bench/RESULTS.md).
 */
export function workersSetting(): WorkersSetting {
  const v = process.env.RABBITMQ4_CODEMOD_WORKERS;
  if (v === undefined || v === '' || v === 'auto') return 'auto';
  return Number(v) || 0;
}
