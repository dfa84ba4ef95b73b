// A whole run over paths: the project they belong to indexed, its candidates read and analysed, the named paths reported.
import * as path from 'node:path';
import { discover, excludedBy, type DiscoveredFile, type DiscoverOptions } from '../discover';
import { analyze, type Analysis, type FileResult, type SourceInput } from './analyze';
import { reportedOnly } from './reported';
import type { AnalyzeOptions } from './options';
import { analyzeInWorkers, workerCount, WorkerPool, type WorkersSetting } from './workers';
import { selectCandidates, type Selection } from './candidates';
import { DEFAULT_MAX_FILE_BYTES, IndexReader, type SkippedFile } from './project-files';
import { FileSystemView } from '../index/file-system';
import { ProjectIndex } from '../index/project-index';
import { groupByProject } from '../index/project-root';

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
    const read = readAndIndex(found.files, project, view);
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
  skipped: SkippedFile[];
  /** The texts of the files the selection chose, in index order (read again where the first read dropped them). */
  candidates(): SourceInput[];
}

/** Reads every discovered file once for its facts; keeps the text only of files that may be candidates. */
function readAndIndex(files: DiscoveredFile[], project: ProjectOptions, view: FileSystemView): Read {
  const reader = new IndexReader(files, { maxFileBytes: project.maxFileBytes, minifiedWanted: excludedBy(project.includeMinified ?? []) });
  reader.step();
  const index = new ProjectIndex(view, reader.indexed);
  const selection = selectCandidates(index);
  return {
    index,
    selection,
    skipped: reader.skipped,
    candidates: () =>
      reader.indexed.flatMap((f) => {
        if (!selection.parse.has(f.absolute)) return [];
        const text = reader.kept.get(f.absolute) ?? view.read(f.absolute);
        return text === undefined ? [] : [{ path: f.path, absolute: f.absolute, text }];
      }),
  };
}

/** The analysis of the files under the named paths: every one of them has a result (not relevant if it was not parsed). */
function report(analysis: Analysis, found: ReturnType<typeof discover>, read: Read, named: (absolute: string) => boolean): Omit<ProjectRun, 'roots'> {
  const cwd = analysis.options.cwd ?? process.cwd();
  const kept = reportedOnly(analysis, (f) => named(f.absolute) || f.status === 'dependency', (file) => named(path.resolve(cwd, file)));
  const results = new Map(kept.map((f) => [f.path, f]));
  const files: FileResult[] = [];
  const skippedPaths = new Set(read.skipped.map((s) => s.absolute));
  for (const f of found.files) {
    if (!named(f.absolute) || skippedPaths.has(f.absolute)) continue;
    files.push(results.get(f.relative) ?? { path: f.relative, absolute: f.absolute, text: '', status: 'not-relevant', findings: [], edits: [], consumers: [] });
    results.delete(f.relative);
  }
  // Files outside the project's walk that an import led to and that a fix edits (a shared constant).
  for (const f of results.values()) if (f.status === 'dependency') files.push(f);
  const absolute = new Map(files.map((f) => [f.path, f.absolute]));
  return {
    analysis: { options: analysis.options, files },
    discovered: found.files.filter((f) => named(f.absolute)).length,
    skipped: read.skipped.filter((s) => named(s.absolute)).map(({ file, message }) => ({ file, message })),
    errors: found.errors.filter((e) => named(path.resolve(cwd, e.file))),
    absolute,
  };
}

export { DEFAULT_MAX_FILE_BYTES, looksMinified, unusableContent } from './project-files';
