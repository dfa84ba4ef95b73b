/**
 * The jscodeshift adapter's engine side: the same analysis and edits as `rabbitmq4-codemod fix`, for
 * the one file jscodeshift hands over. It runs in a worker thread that transforms/rabbitmq4.js starts
 * (see worker.ts), so that no require hook of jscodeshift's (its Babel register) touches the engine or
 * its dependencies.
 */
import * as path from 'node:path';
import { analyze } from '../engine/analyze';
import { applyEdits } from '../fix/object-edit';
import { TARGET_VERSIONS, type TargetVersion } from '../model';

export interface TransformRequest {
  /** The path as jscodeshift gives it (relative to `cwd`, or absolute). */
  path: string;
  source: string;
  cwd: string;
  /** jscodeshift's options: its own and the transform's (`--target=4.2`, `--safeOnly`, ...). */
  options: Record<string, unknown>;
}

export interface TransformResponse {
  /** The new text; undefined when nothing changes (jscodeshift then counts the file as skipped). */
  output?: string;
  /** Lines for jscodeshift's `api.report`: what the transform did not rewrite. */
  reports: string[];
  /** Why the file could not be transformed: the transform throws it, and jscodeshift counts an error. */
  error?: string;
  /** The stack of an internal failure, for a bug report. */
  detail?: string;
}

export function runTransform(request: TransformRequest): TransformResponse {
  const { options } = request;
  const target = String(options.target ?? '4.3') as TargetVersion;
  if (!TARGET_VERSIONS.includes(target)) return { reports: [], error: `--target must be one of ${TARGET_VERSIONS.join(', ')} (got ${target})` };
  const absolute = path.resolve(request.cwd, request.path);
  const shown = path.relative(request.cwd, absolute).split(path.sep).join('/') || request.path;
  const analysis = analyze([{ path: shown, absolute, text: request.source }], {
    target,
    cwd: request.cwd,
    safeOnly: isOn(options.safeOnly),
    unsafeFixes: isOn(options.unsafeFixes),
  });
  const result = analysis.files.find((f) => f.path === shown);
  if (!result) return { reports: [] };
  if (result.status === 'parse-error') {
    return { reports: [], error: `cannot parse ${shown}: ${result.error!.message} (${result.error!.line}:${result.error!.column})` };
  }
  const reports: string[] = [];
  for (const f of result.findings) {
    if (f.fix.kind !== 'rewrite') reports.push(`${f.file}:${f.line}:${f.column} ${f.ruleId}: ${f.message}`);
  }
  // A rewrite that edits another file (a shared constant, a wrapper's default) is not this file's to write.
  for (const other of analysis.files) {
    if (other === result || !other.edits.length) continue;
    reports.push(`${other.path}: ${other.edits.length} edit(s) of a rewrite for ${shown} belong in this file, which a jscodeshift transform cannot write: run \`rabbitmq4-codemod fix\` to apply them`);
  }
  if (!result.edits.length) return { reports };
  const output = applyEdits(request.source, result.edits);
  return { output: output === request.source ? undefined : output, reports };
}

/** jscodeshift passes `--flag` as true and `--flag=x` as the string x. */
function isOn(value: unknown): boolean {
  return value === true || value === 'true' || value === '1';
}
