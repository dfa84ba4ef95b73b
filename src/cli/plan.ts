// The `plan` command: the move to quorum queues for the scanned code (and a broker's queues), optionally proven on
// the broker (--verify); text, JSON or Markdown.
import { analyze, type SourceInput } from '../engine/analyze';
import { runProject } from '../engine/project';
import { applyEdits } from '../fix/object-edit';
import { DefinitionsError, readDefinitions } from '../audit/definitions';
import { ManagementError, readManagement } from '../audit/management';
import type { BrokerState } from '../audit/model';
import { AmqpError } from '../broker/amqp';
import { buildPlan } from '../plan/build';
import { renderPlanMarkdown } from '../plan/render-markdown';
import { renderPlanText } from '../plan/render-text';
import { checkCount, verifiedCount, verifyPlan, VERIFY_PERMISSION } from '../plan/verify';
import type { ReportError } from '../report/model';
import { flag, has, parseArgs, UsageError } from './args';
import { BROKER_COMMAND_FLAGS, BROKER_FLAGS, endpointOf } from './broker-flags';
import { checkPaths, color, maxFileBytes, projectRoot, useColor, writeOutput, type Io } from './common';
import { settings } from './settings';

export const PLAN_FLAGS = {
  ...BROKER_COMMAND_FLAGS,
  ...BROKER_FLAGS,
  format: { value: true, choices: ['text', 'json', 'markdown'] },
  verify: {},
  'safe-only': {},
};

/**
 * `plan [paths] [--default-queue-type quorum] [--management-url URL | --broker-config FILE | --definitions FILE]
 * [--verify]`: per queue, whether it becomes quorum as written, the changes (fix's rewrites and annotations),
 * what to do with the queue that exists; with --verify, the broker's own reply to each planned declaration and
 * consumer. Exit 1 when a queue is in conflict or needs a decision, or a verified reply is not the predicted one;
 * exit 2 when --verify could verify nothing (the broker unreachable, the credentials or the scratch vhost refused):
 * the plan is still printed, each check "not verified" with the reason. A check that could not run is never a mismatch.
 */
export async function plan(argv: string[], io: Io): Promise<number> {
  const args = parseArgs(argv, PLAN_FLAGS, 'plan');
  const paths = args.positionals.length ? args.positionals : ['.'];
  checkPaths(paths, io.cwd);
  const config = settings(args, io.cwd);
  const defaultQueueType = config.analyze.defaultQueueType ?? 'quorum';
  const definitions = flag(args, 'definitions');
  const endpoint = endpointOf(args, io);
  const verify = has(args, 'verify');
  if (definitions && endpoint) throw new UsageError('plan reads one broker state: give --definitions or a broker (--management-url, --broker-config), not both');
  if (verify && !endpoint) throw new UsageError('plan --verify needs a broker to declare on: --management-url URL, --broker-config FILE or RABBITMQ4_CODEMOD_MANAGEMENT_URL (it creates a scratch vhost through the management API, then declares over AMQP)');
  const vhost = flag(args, 'vhost');

  let broker: BrokerState | undefined;
  try {
    if (definitions) broker = readDefinitions(definitions, io.cwd, vhost ?? '/');
    else if (endpoint) broker = await readManagement(endpoint, vhost);
  } catch (e) {
    if (e instanceof DefinitionsError || e instanceof ManagementError) throw new UsageError(e.message);
    throw e;
  }

  const options = { ...config.analyze, defaultQueueType };
  const run = runProject(paths, { cwd: io.cwd, exclude: config.exclude, includeMinified: config.includeMinified, maxFileBytes: maxFileBytes(args), root: projectRoot(args, io.cwd) }, options);
  // The code as fix leaves it: every edit applied in memory, analysed again the same way.
  const fixed: SourceInput[] = run.analysis.files.filter((f) => f.status !== 'not-relevant' || f.edits.length).map((f) => ({ path: f.path, text: f.edits.length ? applyEdits(f.text, f.edits) : f.text, absolute: f.absolute }));
  const after = analyze(fixed, { ...options, cwd: io.cwd });
  const errors: ReportError[] = [...run.analysis.files.filter((f) => f.status === 'parse-error').map((f) => ({ file: f.path, message: `cannot parse: ${f.error!.message}`, line: f.error!.line, column: f.error!.column })), ...run.errors];
  const report = buildPlan({ before: run.analysis, after, defaultQueueType, target: options.target, broker, vhost, verifying: verify, errors });

  if (verify) {
    io.stderr.write(`rabbitmq4-codemod plan --verify needs ${VERIFY_PERMISSION}.\n`);
    try {
      await verifyPlan(report, { endpoint: endpoint!, limitsFrom: vhost, log: (line) => io.stderr.write(`rabbitmq4-codemod: ${line}\n`) });
    } catch (e) {
      if (e instanceof ManagementError || e instanceof AmqpError) throw new UsageError(`plan --verify: ${e.message}`);
      throw e;
    }
  }

  const format = flag(args, 'format') ?? 'text';
  const output = flag(args, 'output');
  const rendered = format === 'json' ? `${JSON.stringify(report, null, 2)}\n` : format === 'markdown' ? renderPlanMarkdown(report) : renderPlanText(report, color(!output && useColor(io.stdout)));
  if (output) writeOutput(io.cwd, output, rendered);
  else io.stdout.write(rendered);
  const blocked = report.summary.conflict + report.summary.decide > 0;
  const v = report.verification;
  const surprised = (v?.otherwise ?? 0) + (v?.consumers.otherwise ?? 0) > 0;
  if (verify && checkCount(report) > 0 && verifiedCount(report) === 0) {
    io.stderr.write(`rabbitmq4-codemod: plan --verify verified nothing: ${v?.problem ?? 'every declaration and consumer leaves a value to run time'}\n`);
    return 2;
  }
  const unverified = (v?.notVerified ?? 0) + (v?.consumers.notVerified ?? 0);
  if (unverified) io.stderr.write(`rabbitmq4-codemod: plan --verify: ${unverified} check${unverified === 1 ? '' : 's'} not verified (see "not verified" in the plan)\n`);
  return blocked || surprised || errors.length ? 1 : 0;
}
