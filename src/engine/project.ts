// A whole run over paths: the project they belong to indexed, its candidates read and analysed, the named paths reported.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { discover, excludedBy, relativePath, type DiscoveredFile, type DiscoverOptions } from '../discover';
import { analyze, type Analysis, type FileResult, type SourceInput } from './analyze';
import type { AnalyzeOptions } from './options';
import { analyzeInWorkers, workerCount, WorkerPool, type WorkersSetting } from './workers';
import { factsOf, selectCandidates, type Selection } from './candidates';
import { FileSystemView } from '../index/file-system';
import { ProjectIndex, type IndexedFile } from '../index/project-index';
import { groupByProject } from '../index/project-root';
import { mayBeCandidate } from '../index/facts';

export const DEFAULT_MAX_FILE_BYTES = 2 * 1024 * 1024;

export interface ProjectRun {
  analysis: Analysis;
  /** Files found under the named paths (after ignores). */
  discovered: number;
  /** Files found but not read: unreadable, binary, too large. */
  skipped: { file: string; message: string }[];
  /** Paths that could not be walked. */
  errors: { file: string; message: string }[];
  /** Absolute path of each analysed file, by reported path. */
  absolute: Map<string, string>;
  /** The project roots the paths belong to (absolute), each analysed as a whole. */
  roots: string[];
}

export interface ProjectOptions extends DiscoverOptions {
  maxFileBytes?: number;
  /** Files read even if they look minified (gitignore-style patterns, as --exclude): a generated client committed on purpose. */
  includeMinified?: readonly string[];
  /**
   * Analyse in threads: a number (this thread and workers), or 'auto' (one per core, once enough files need parsing).
   * The findings, consumers and edits are the same; the results carry no models. Default: none.
   */
  workers?: WorkersSetting;
  /** Progress: `done` of `total` files. */
  onProgress?: (done: number, total: number) => void;
  /**
   * The project the paths belong to (absolute or relative to `cwd`), analysed as a whole; default: found
   * from each path (the nearest config file, tsconfig.json or package.json, else the git root). `false`:
   * the paths alone, as if nothing were around them.
   */
  root?: string | false;
}

/**
 * Discover the project the paths belong to, index it, read and analyse its candidates, and report the
 * files under the named paths: `scan src/consumer.ts` gives that file what `scan .` gives it.
 */
export function runProject(paths: string[], project: ProjectOptions, options: AnalyzeOptions): ProjectRun {
  const absolute = paths.map((p) => path.resolve(project.cwd, p));
  const groups = project.root === false ? [{ root: '', alone: true, paths: absolute }] : project.root !== undefined ? [{ root: path.resolve(project.cwd, project.root), alone: false, paths: absolute }] : groupByProject(absolute);
  const runs = groups.map((g) => runOne(g.alone ? g.paths : [g.root, ...g.paths.filter((p) => !isInside(p, g.root))], g.paths, project, options));
  if (runs.length === 1) return { ...runs[0], roots: groups.filter((g) => !g.alone).map((g) => g.root) };
  const files = new Map<string, FileResult>();
  for (const r of runs) for (const f of r.analysis.files) if (!files.has(f.path)) files.set(f.path, f);
  return {
    analysis: { options: runs[0].analysis.options, files: [...files.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)) },
    discovered: runs.reduce((n, r) => n + r.discovered, 0),
    skipped: runs.flatMap((r) => r.skipped),
    errors: runs.flatMap((r) => r.errors),
    absolute: new Map(runs.flatMap((r) => [...r.absolute])),
    roots: groups.filter((g) => !g.alone).map((g) => g.root),
  };
}

function isInside(p: string, root: string): boolean {
  return p === root || p.startsWith(root + path.sep);
}

/** One project: `walk` (its root, and named paths outside it), reported: the files under `reported`. */
function runOne(walk: string[], reported: string[], project: ProjectOptions, options: AnalyzeOptions): Omit<ProjectRun, 'roots'> {
  const view = new FileSystemView();
  const found = discover(walk, { ...project, view });
  const named = (absolute: string) => reported.some((r) => isInside(absolute, r));
  const pool = WorkerPool.forRun(project.workers, found.files.length);
  try {
    const read = readAndIndex(found.files, project, view, named);
    const all = { cwd: project.cwd, ...options, index: read.index, selection: read.selection };
    const inputs = read.candidates();
    const total = found.files.filter((f) => named(f.absolute)).length;
    const progress = project.onProgress && ((done: number) => project.onProgress!(Math.min(total, done + total - inputs.length), total));
    let analysis: Analysis | undefined;
    if (project.workers !== undefined) {
      const n = workerCount(inputs, project.workers);
      if (n > 1) analysis = analyzeInWorkers(inputs, read.index, all, n, progress, pool);
    }
    let done = 0;
    analysis ??= analyze(inputs, all, progress ? { onFile: () => progress(++done) } : undefined);
    return report(analysis, found, read, named);
  } finally {
    pool.close();
  }
}

interface Read {
  index: ProjectIndex;
  selection: Selection;
  skipped: { file: string; message: string; absolute: string }[];
  /** The texts of the files the selection chose, in index order (read again where the first read dropped them). */
  candidates(): SourceInput[];
}

/** Reads every discovered file once for its facts; keeps the text only of files that may be candidates. */
function readAndIndex(files: DiscoveredFile[], project: ProjectOptions, view: FileSystemView, _named: (absolute: string) => boolean): Read {
  const max = project.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  const minifiedWanted = excludedBy(project.includeMinified ?? []);
  const skipped: Read['skipped'] = [];
  const indexed: IndexedFile[] = [];
  const kept = new Map<string, string>();
  for (const f of files) {
    const text = readSource(f.absolute, max, minifiedWanted(f.relative), (message) => skipped.push({ file: f.relative, message, absolute: f.absolute }));
    if (text === undefined) continue;
    const facts = factsOf(f.relative, text);
    indexed.push({ absolute: f.absolute, path: f.relative, facts });
    if (mayBeCandidate(facts)) kept.set(f.absolute, text);
  }
  const index = new ProjectIndex(view, indexed);
  const selection = selectCandidates(index);
  return {
    index,
    selection,
    skipped,
    candidates: () =>
      indexed.flatMap((f) => {
        if (!selection.parse.has(f.absolute)) return [];
        const text = kept.get(f.absolute) ?? view.read(f.absolute);
        return text === undefined ? [] : [{ path: f.path, absolute: f.absolute, text }];
      }),
  };
}

/** The analysis of the files under the named paths: every one of them has a result (not relevant if it was not parsed). */
function report(analysis: Analysis, found: ReturnType<typeof discover>, read: Read, named: (absolute: string) => boolean): Omit<ProjectRun, 'roots'> {
  const results = new Map(analysis.files.map((f) => [f.path, f]));
  const files: FileResult[] = [];
  const skippedPaths = new Set(read.skipped.map((s) => s.absolute));
  for (const f of found.files) {
    if (!named(f.absolute) || skippedPaths.has(f.absolute)) continue;
    files.push(results.get(f.relative) ?? { path: f.relative, absolute: f.absolute, text: '', status: 'not-relevant', findings: [], edits: [], consumers: [] });
    results.delete(f.relative);
  }
  // Files outside the project's walk that an import led to and that a fix edits (a shared constant).
  for (const f of results.values()) if (f.status === 'dependency' && named(f.absolute)) files.push(f);
  const absolute = new Map(files.map((f) => [f.path, f.absolute]));
  return {
    analysis: { options: analysis.options, files },
    discovered: found.files.filter((f) => named(f.absolute)).length,
    skipped: read.skipped.filter((s) => named(s.absolute)).map(({ file, message }) => ({ file, message })),
    errors: found.errors,
    absolute,
  };
}

/** A file's text, or undefined (with why, through `skip`) if it is unreadable, too large, binary or a bundle. */
function readSource(absolute: string, max: number, minifiedWanted: boolean, skip: (message: string) => void): string | undefined {
  let buf: Buffer;
  try {
    buf = readUpTo(absolute, max);
  } catch (e) {
    const size = (e as { tooLarge?: number }).tooLarge;
    skip(size !== undefined ? `skipped: ${size} bytes is over the size limit of ${max} bytes (--max-file-size)` : `cannot read: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    return undefined;
  }
  const text = buf.toString('utf8');
  const unusable = unusableContent(buf, text, minifiedWanted);
  if (unusable) {
    skip(`skipped: ${unusable}`);
    return undefined;
  }
  return text;
}

/** Why a file's bytes must not be analysed (or rewritten), if so. */
export function unusableContent(buf: Buffer, text = buf.toString('utf8'), minifiedWanted = false): string | undefined {
  if (buf.subarray(0, 8192).includes(0)) return 'binary file';
  // Decoding replaces invalid bytes: writing such a text back would change bytes the fix never meant to touch.
  if (text.includes('\uFFFD') && !Buffer.from(text, 'utf8').equals(buf)) return 'not valid UTF-8';
  if (!minifiedWanted && looksMinified(text)) return 'minified or generated bundle (very long lines; --include-minified PATH reads it)';
  return undefined;
}

/** A bundle: long enough to matter, and written on a few very long lines. */
export function looksMinified(text: string): boolean {
  if (text.length < 20_000) return false;
  let lines = 1;
  let longest = 0;
  let start = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) {
    lines++;
    longest = Math.max(longest, i - start);
    start = i + 1;
  }
  longest = Math.max(longest, text.length - start);
  return longest > 5_000 && text.length / lines > 500;
}

/** A file's bytes through one descriptor; throws `{ tooLarge: size }` over `max` bytes. */
function readUpTo(file: string, max: number): Buffer {
  const fd = fs.openSync(file, 'r');
  try {
    const size = fs.fstatSync(fd).size;
    if (size > max) throw Object.assign(new Error('too large'), { tooLarge: size });
    return fs.readFileSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

export { relativePath };
