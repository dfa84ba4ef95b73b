// The `audit` command: what a broker holds that 4.x refuses, and code declarations that differ from it.
import { consumerReports } from '../report/consumers';
import { auditConsumers } from '../audit/consumers';
import * as path from 'node:path';
import { runProject } from '../engine/project';
import { codeQueues } from '../audit/code-queues';
import { DefinitionsError, readDefinitions } from '../audit/definitions';
import { ManagementError, readManagement } from '../audit/management';
import { BROKER_COMMAND_FLAGS, BROKER_FLAGS, endpointOf } from './broker-flags';
import type { BrokerState } from '../audit/model';
import { buildAuditReport } from '../audit/report';
import { renderAuditMarkdown } from '../audit/render-markdown';
import { renderAuditSarif } from '../audit/render-sarif';
import { repositoryPath } from '../report/repository-path';
import { renderAuditText } from '../audit/render-text';
import { audit as runAudit } from '../audit/run';
import type { ReportError } from '../report/model';
import { flag, parseArgs, UsageError } from './args';
import { checkPaths, color, COMMON_FLAGS, maxFileBytes, useColor, writeOutput, projectRoot, type Io } from './common';
import { exitCode } from './scan';
import { settings } from './settings';

export const AUDIT_FLAGS = {
  ...BROKER_COMMAND_FLAGS,
  ...BROKER_FLAGS,
  format: { value: true, choices: ['text', 'json', 'sarif', 'markdown'] },
  'fail-on': { value: true, choices: ['error', 'warning', 'info', 'never'] },
};

/**
 * `audit [paths] --definitions FILE | --management-url URL | --broker-config FILE`: what the broker already
 * holds that 4.x refuses, forgets or punishes, and (with paths) every queue the code declares differently
 * from the queue the broker holds, the code's declarations typed by the broker's default queue types (or
 * --default-queue-type: the default it is about to get).
 */
export async function audit(argv: string[], io: Io): Promise<number> {
  const args = parseArgs(argv, AUDIT_FLAGS, 'audit');
  const definitions = flag(args, 'definitions');
  const endpoint = endpointOf(args, io);
  if (!definitions && !endpoint) throw new UsageError('audit needs --definitions FILE (a definitions export), or a broker: --management-url URL, --broker-config FILE, or RABBITMQ4_CODEMOD_MANAGEMENT_URL');
  if (definitions && endpoint) throw new UsageError('audit reads one broker state: give --definitions or a broker (--management-url, --broker-config, RABBITMQ4_CODEMOD_MANAGEMENT_URL), not both');
  const vhost = flag(args, 'vhost');
  const config = settings(args, io.cwd);
  if (args.positionals.length) checkPaths(args.positionals, io.cwd);

  let state: BrokerState;
  try {
    state = definitions ? readDefinitions(relative(io.cwd, definitions), io.cwd, vhost ?? '/') : await readManagement(endpoint!, vhost);
  } catch (e) {
    if (e instanceof DefinitionsError || e instanceof ManagementError) throw new UsageError(e.message);
    throw e;
  }

  let code: ReturnType<typeof codeQueues> | undefined;
  let consumers: ReturnType<typeof consumerReports> | undefined;
  const errors: ReportError[] = [];
  if (args.positionals.length) {
    // The code's types are judged later, with the broker's default queue types (or the one given).
    const { defaultQueueType: _judgedLater, ...analyze } = config.analyze;
    const run = runProject(args.positionals, { cwd: io.cwd, exclude: config.exclude, includeMinified: config.includeMinified, maxFileBytes: maxFileBytes(args), root: projectRoot(args, io.cwd) }, { ...analyze, rules: new Set(CONSUMER_RULES) });
    code = codeQueues(run.analysis);
    consumers = consumerReports(run.analysis);
    for (const f of run.analysis.files) if (f.status === 'parse-error') errors.push({ file: f.path, message: `cannot parse: ${f.error!.message}`, line: f.error!.line, column: f.error!.column });
    errors.push(...run.errors);
  }
  const defaultQueueType = config.analyze.defaultQueueType;
  const findings = runAudit(state, { target: config.analyze.target, vhost, code, disabledRules: config.analyze.disabledRules, severities: config.severities, defaultQueueType });
  const report = buildAuditReport({ state, findings, target: config.analyze.target, vhost, declarations: code ? code.length : null, errors, defaultQueueType, ...(consumers ? { consumers: auditConsumers(consumers, state, vhost) } : {}) });

  const format = flag(args, 'format') ?? 'text';
  const output = flag(args, 'output');
  const rendered =
    format === 'json'
      ? `${JSON.stringify(report, null, 2)}\n`
      : format === 'sarif'
        ? renderAuditSarif(report, { repositoryPath: repositoryPath(io.cwd) })
        : format === 'markdown'
          ? renderAuditMarkdown(report)
          : renderAuditText(report, color(!output && useColor(io.stdout)));
  if (output) writeOutput(io.cwd, output, rendered);
  else io.stdout.write(rendered);
  return exitCode(report.findings.map((f) => f.severity), errors.length > 0, config.failOn);
}

/** A path as reports show it: relative to the working directory, with `/`. */
function relative(cwd: string, file: string): string {
  const rel = path.relative(cwd, path.resolve(cwd, file));
  return rel.startsWith('..') || path.isAbsolute(rel) ? file : rel.split(path.sep).join('/');
}

/** The consumer rules, run on the code audit reads so that its consumers get their verdicts. */
const CONSUMER_RULES = ['auto-ack-consumer', 'unbounded-prefetch', 'ineffective-prefetch', 'stream-consumer-requirements', 'manual-ack-never-settled'];
