/**
 * The jscodeshift adapter's engine side: the same analysis and edits as `rabbitmq4-codemod fix`, for
 * the one file jscodeshift hands over. It runs in a worker thread that transforms/rabbitmq4.js starts
 * (see worker.ts), so that no require hook of jscodeshift's (its Babel register) touches the engine or
 * its dependencies.
 */
import * as path from 'node:path';
import { analyze, type Analysis } from '../engine/analyze';
import type { AnalyzeOptions } from '../engine/options';
import { reportedOnly } from '../engine/reported';
import { ProjectSession } from '../engine/session';
import { FileSystemView } from '../index/file-system';
import { projectRootOf } from '../index/project-root';
import { contentHash } from '../index/content-hash';
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
  const analyzeOptions = { target, cwd: request.cwd, safeOnly: isOn(options.safeOnly), unsafeFixes: isOn(options.unsafeFixes) };
  // The file in its project, as `rabbitmq4-codemod fix` sees it; a file with no project around it, alone.
  const analysis = inProject(absolute, request, analyzeOptions) ?? analyze([{ path: shown, absolute, text: request.source }], analyzeOptions);
  const [result] = reportedOnly(analysis, (f) => f.absolute === absolute, () => false);
  if (!result) return { reports: [] };
  if (result.status === 'parse-error') {
    return { reports: [], error: `cannot parse ${shown}: ${result.error!.message} (${result.error!.line}:${result.error!.column})` };
  }
  const reports: string[] = [];
  for (const f of result.findings) if (f.fix.kind !== 'rewrite') reports.push(`${f.file}:${f.line}:${f.column} ${f.ruleId}: ${f.message}`);
  // A rewrite whose edits also lie in another file (a shared constant, a wrapper's default) is not this file's to write.
  const elsewhere = new Map<string, number>();
  for (const f of analysis.files.find((r) => r.absolute === absolute)?.findings ?? []) {
    for (const e of f.fix.kind === 'rewrite' ? (f.fix.edits ?? []) : []) if ((e.file ?? f.file) !== result.path) elsewhere.set(e.file!, (elsewhere.get(e.file!) ?? 0) + 1);
  }
  for (const [file, n] of elsewhere) reports.push(`${file}: ${n} edit(s) of a rewrite for ${shown} belong in this file, which a jscodeshift transform cannot write: run \`rabbitmq4-codemod fix\` to apply them`);
  if (!result.edits.length) return { reports };
  const output = applyEdits(request.source, result.edits);
  return { output: output === request.source ? undefined : output, reports };
}

/** One session per project root, kept for the life of the jscodeshift worker process (one analysis serves every file). */
const sessions = new Map<string, { session: ProjectSession; texts: Map<string, string> }>();

/**
 * The analysis of the project the file belongs to, with the text jscodeshift gives for it. Undefined when
 * there is no project around the file, or the project's walk leaves the file out (ignored, excluded).
 */
function inProject(absolute: string, request: TransformRequest, options: AnalyzeOptions): Analysis | undefined {
  const root = projectRootOf(absolute);
  if (!root) return undefined;
  let entry = sessions.get(root);
  if (!entry) {
    const texts = new Map<string, string>();
    const view = new FileSystemView();
    const host = { reads: undefined as Set<string> | undefined, read: (p: string) => (host.reads?.add(p), texts.get(p) ?? view.read(p)), exists: (p: string) => texts.has(p) || view.exists(p) };
    entry = { session: new ProjectSession({ root, cwd: request.cwd, host, unsaved: (p) => texts.get(p) }).build(), texts };
    sessions.set(root, entry);
  }
  const { session, texts } = entry;
  if (!session.contains(absolute)) return undefined;
  // jscodeshift hands over the file as it is now: if that is not the text the index read, analyse with it.
  if (session.hashOf(absolute) !== contentHash(request.source)) {
    texts.set(absolute, request.source);
    session.changed(absolute);
  }
  return session.analysis(options);
}

/** jscodeshift passes `--flag` as true and `--flag=x` as the string x. */
function isOn(value: unknown): boolean {
  return value === true || value === 'true' || value === '1';
}
