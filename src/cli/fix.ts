// The `fix` command: a dry-run diff and summary, or `--write` (atomic), `--patch` or `--check`.
import * as path from 'node:path';
import { runProject, type ProjectRun } from '../engine/project';
import { parseSource } from '../parse';
import { applyEdits } from '../fix/object-edit';
import { unifiedDiff } from '../fix/patch';
import { uncommittedChanges, writeAtomic } from '../fix/write';
import type { Finding } from '../model';
import { flag, has, parseArgs, UsageError } from './args';
import { settings } from './settings';
import { checkPaths, color, COMMON_FLAGS, maxFileBytes, useColor, writeOutput, projectRoot, cacheOption, type Colors, type Io } from './common';

export const FIX_FLAGS = {
  ...COMMON_FLAGS,
  write: {},
  'allow-dirty': {},
  patch: { value: true },
  check: {},
  'safe-only': {},
  'unsafe-fixes': {},
};

interface Change {
  file: string;
  absolute: string;
  before: string;
  after: string;
}

export function fix(argv: string[], io: Io): number {
  const args = parseArgs(argv, FIX_FLAGS, 'fix');
  const write = has(args, 'write');
  const check = has(args, 'check');
  if (write && check) throw new UsageError('--write and --check cannot be combined: --check only reports what would change');
  const paths = args.positionals.length ? args.positionals : ['.'];
  checkPaths(paths, io.cwd);
  // The config file's target, rules turned off and excludes apply to fix too (its severities do not matter here).
  const config = settings(args, io.cwd);
  const run = runProject(paths, { cwd: io.cwd, exclude: config.exclude, includeMinified: config.includeMinified, maxFileBytes: maxFileBytes(args), root: projectRoot(args, io.cwd), cache: cacheOption(args, io.cwd) }, config.analyze);
  const c = color(useColor(io.stdout));
  const { changes, failures } = computeChanges(run);
  const findings = run.analysis.files.flatMap((f) => f.findings);

  const patchFile = flag(args, 'patch');
  const diff = changes.map((ch) => unifiedDiff(ch.file, ch.before, ch.after)).join('');
  // An empty patch is no patch: `git apply` refuses one, so nothing is written.
  if (patchFile && changes.length) writeOutput(io.cwd, patchFile, diff);

  if (write) {
    // The cache file is the tool's own: written by this run, it is no change of the user's.
    const cacheFile = run.cacheFile && path.relative(io.cwd, run.cacheFile).split(path.sep).join('/');
    const dirty = has(args, 'allow-dirty') ? [] : (uncommittedChanges(io.cwd, paths) ?? []).filter((f) => f !== cacheFile);
    if (dirty.length) {
      throw new UsageError(`refusing to write: uncommitted changes in ${dirty.slice(0, 3).join(', ')}${dirty.length > 3 ? ', …' : ''}; commit or stash them, or pass --allow-dirty`);
    }
    for (const ch of changes) {
      const r = writeAtomic(ch.absolute, ch.before, ch.after);
      if (!r.ok) failures.push({ file: ch.file, message: `not written: ${r.reason}` });
    }
  } else if (!patchFile && !check) {
    io.stdout.write(colorDiff(diff, c));
  }
  const written = write ? changes.filter((ch) => !failures.some((f) => f.file === ch.file)) : [];
  io.stdout.write(summary(run, findings, changes, failures, { write, written: written.length, patchFile }, c));
  if (failures.length && write) return 2;
  if (check) {
    // A file the check could not read is not a file that needs no change: the check fails (exit 2), naming it.
    const unchecked = uncheckedFiles(run, failures);
    if (unchecked.length) {
      io.stderr.write(`rabbitmq4-codemod: fix --check could not check ${unchecked.length === 1 ? unchecked[0] : `${unchecked.length} files (${unchecked.slice(0, 3).join(', ')}${unchecked.length > 3 ? ', …' : ''})`}: see the errors above\n`);
      return 2;
    }
    return changes.length ? 1 : 0;
  }
  return 0;
}

/** The new text of each file with edits; a result that does not parse is refused, never written. */
function computeChanges(run: ProjectRun): { changes: Change[]; failures: { file: string; message: string }[] } {
  const changes: Change[] = [];
  const failures: { file: string; message: string }[] = [];
  for (const f of run.analysis.files) {
    if (!f.edits.length) continue;
    let after: string;
    try {
      after = applyEdits(f.text, f.edits);
    } catch (e) {
      failures.push({ file: f.path, message: `internal error, file left unchanged: ${(e as Error).message}` });
      continue;
    }
    if (after === f.text) continue;
    const reparsed = parseSource(after, f.path);
    if (!reparsed.ok) {
      failures.push({ file: f.path, message: `internal error, file left unchanged: the fixed text would not parse (${reparsed.error.message} at ${reparsed.error.line}:${reparsed.error.column})` });
      continue;
    }
    changes.push({ file: f.path, absolute: run.absolute.get(f.path)!, before: f.text, after });
  }
  return { changes, failures };
}

/** The files a check could not judge: those that do not parse, paths that could not be walked, fixes that failed. */
function uncheckedFiles(run: ProjectRun, failures: { file: string }[]): string[] {
  const files = [...run.analysis.files.filter((f) => f.status === 'parse-error').map((f) => f.path), ...run.errors.map((e) => e.file), ...failures.map((f) => f.file)];
  return [...new Set(files)];
}

function colorDiff(diff: string, c: Colors): string {
  return diff
    .split('\n')
    .map((l) => (l.startsWith('+++') || l.startsWith('---') || l.startsWith('diff ') ? c.bold(l) : l.startsWith('+') ? c.green(l) : l.startsWith('-') ? c.red(l) : l.startsWith('@@') ? c.cyan(l) : l))
    .join('\n');
}

function summary(
  run: ProjectRun,
  findings: Finding[],
  changes: Change[],
  failures: { file: string; message: string }[],
  mode: { write: boolean; written: number; patchFile?: string },
  c: Colors,
): string {
  const lines: string[] = [''];
  const byRule = new Map<string, { rewrite: number; annotate: number; none: number }>();
  for (const f of findings) {
    const e = byRule.get(f.ruleId) ?? { rewrite: 0, annotate: 0, none: 0 };
    e[f.fix.kind]++;
    byRule.set(f.ruleId, e);
  }
  const verb = mode.write ? `Changed ${mode.written}` : `Would change ${changes.length}`;
  const patchNote = !mode.patchFile ? '' : changes.length ? ` (patch written to ${mode.patchFile})` : ` (nothing to change: ${mode.patchFile} was not written)`;
  lines.push(c.bold(`${verb} file${(mode.write ? mode.written : changes.length) === 1 ? '' : 's'}${patchNote}.`));
  for (const [rule, e] of [...byRule].sort()) {
    const parts = [e.rewrite && `${e.rewrite} rewritten`, e.annotate && `${e.annotate} annotated for a human`, e.none && `${e.none} reported only`].filter(Boolean);
    lines.push(`  ${rule}: ${parts.join(', ')}`);
  }
  const unknowns = findings.filter((f) => f.severity === 'info' && f.fix.kind === 'none' && /unknown|run time|parameter|imported|process\.env/.test(f.message));
  if (unknowns.length) lines.push(`  ${unknowns.length} finding(s) depend on values only known at run time: see \`scan\` for where they come from.`);
  const notes = new Map<string, string>();
  for (const f of findings) if (f.fix.kind === 'rewrite' && f.fix.existingQueue) notes.set(f.fix.existingQueue, f.ruleId);
  if (notes.size) {
    lines.push('', c.bold('Queues that already exist:'));
    for (const [note, rule] of notes) lines.push(`  ${rule}: ${note}`);
  }
  const errors = [...run.analysis.files.filter((f) => f.status === 'parse-error').map((f) => ({ file: f.path, message: `cannot parse (left untouched): ${f.error!.message} at ${f.error!.line}:${f.error!.column}` })), ...run.errors, ...failures];
  if (errors.length || run.skipped.length) {
    lines.push('');
    for (const e of errors) lines.push(`${c.red('error')} ${e.file}: ${e.message}`);
    for (const s of run.skipped) lines.push(c.dim(`${s.file}: ${s.message}`));
  }
  if (!mode.write && changes.length && !mode.patchFile) lines.push('', c.dim('Dry run: nothing was written. Review the diff, then run again with --write.'));
  return `${lines.join('\n')}\n`;
}
