// A whole run over paths: the project they belong to indexed, its candidates read and analysed, the named paths reported.
import * as path from 'node:path';
import { discover, excludedBy, type DiscoveredFile, type DiscoverOptions } from '../discover';
import { analyze, type Analysis, type FileResult, type SourceInput } from './analyze';
import { reportedOnly } from './reported';
import { cacheKey, CacheStore, loadCache, saveCache, type CachedFile, type CacheContents, type CacheStrategy } from './cache';
import { runFromState, runState, unchangedSince, type RunState } from './cached-state';
import { recordingStats, StatRecorder } from '../index/probes';
import { cachedAnalysis } from './cached-run';
import { TOOL_VERSION } from '../version';
import type { AnalyzeOptions } from './options';
import { analyzeInWorkers, readInParallel, workerCount, WorkerPool, type WorkersSetting } from './workers';
import { selectCandidates, type Selection } from './candidates';
import { readShare, type SharedReaderOptions, type SkippedFile } from './project-files';
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
  /**
   * With `--cache`: candidate files whose results came from the cache, those analysed, why the cache could not be
   * written, and whether nothing the last run looked at had changed (its report reused after stats alone).
   */
  cache?: { reused: number; analysed: number; notWritten?: string; unchanged?: true };
  /** With `--cache`: the cache file (absolute). */
  cacheFile?: string;
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
  /** `--cache`: the file facts and results are read from and written to (see engine/cache.ts). */
  cache?: { file: string; strategy?: CacheStrategy };
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
  if (runs.length === 1) return { ...runs[0], roots: groups.filter((g) => !g.alone).map((g) => g.root), ...(project.cache ? { cacheFile: project.cache.file } : {}) };
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
  if (project.cache) return runCached(walk, reported, project, project.cache, options);
  const view = new FileSystemView();
  const found = discover(walk, { ...project, view });
  const named = (absolute: string) => reported.some((r) => isInside(absolute, r));
  const pool = WorkerPool.forRun(project.workers, found.files.length);
  try {
    const read = readAndIndex(found.files, project, view, pool);
    const all = { cwd: project.cwd, ...options, index: read.index, selection: read.selection, files: view };
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

/**
 * One project with the cache: the last run's report if nothing it looked at changed (engine/cached-state.ts: only
 * stats); else the project read with the last run's facts of unchanged files and analysed with the results of the
 * unchanged components (engine/cached-run.ts), and the cache written anew.
 */
function runCached(walk: string[], reported: string[], project: ProjectOptions, cache: NonNullable<ProjectOptions['cache']>, options: AnalyzeOptions): Omit<ProjectRun, 'roots'> {
  const key = cacheKey([TOOL_VERSION, walk, project.cwd, project.exclude ?? [], project.includeMinified ?? [], project.maxFileBytes ?? null, analysisKey(options)]);
  const store = CacheStore.open(cache.file);
  const view = new FileSystemView();
  const state = cache.strategy !== 'content' ? store?.section<RunState>(key, 'state') : undefined;
  if (state && state.reported === JSON.stringify(reported) && unchangedSince(state, cache.file)) {
    const { candidates, ...run } = runFromState(state, { cwd: project.cwd, ...options });
    return { ...run, analysis: withTexts(run.analysis, view), cache: { reused: candidates, analysed: 0, unchanged: true } };
  }
  const previous = loadCache(cache.file, key, store);
  const recorder = new StatRecorder();
  return recordingStats(recorder, () => {
    const found = discover(walk, { ...project, view });
    const named = (absolute: string) => reported.some((r) => isInside(absolute, r));
    const pool = WorkerPool.forRun(project.workers, found.files.length);
    try {
      const read = readAndIndex(found.files, project, view, pool, previous);
      const all = { cwd: project.cwd, ...options, index: read.index, selection: read.selection, files: view };
      const texts = new Map(read.candidates().map((i) => [i.absolute!, i]));
      const run = cachedAnalysis(read.index, read.selection, view, all, read.known, previous, (f) => texts.get(f));
      const result = report(run.analysis, found, read, named);
      // --cache-strategy content: nothing changed (every file known by its digest, nothing analysed), the cache is kept.
      const unchanged = cache.strategy === 'content' && !!previous && run.analysed === 0 && read.untouched === read.known.size && read.known.size === previous.files.size;
      const state = runState(result, reported, recorder, read.known, found.files.map((f) => f.absolute), run.reused + run.analysed, cache.file);
      const notWritten = unchanged ? undefined : saveCache(cache.file, key, run.next, state);
      return { ...result, analysis: withTexts(result.analysis, view), cache: { reused: run.reused, analysed: run.analysed, ...(notWritten ? { notWritten } : {}) } };
    } finally {
      pool.close();
    }
  });
}

/**
 * Results from the cache hold no text: it is read again, when first asked for, for the files a report or a fix
 * shows or edits (a JSON or text report asks for none).
 */
function withTexts(analysis: Analysis, view: FileSystemView): Analysis {
  return { ...analysis, files: analysis.files.map((f) => (f.text || (!f.findings.length && !f.edits.length) ? f : textRead(f, view))) };
}

function textRead(f: FileResult, view: FileSystemView): FileResult {
  let text: string | undefined;
  const out = { ...f };
  Object.defineProperty(out, 'text', { get: () => (text ??= view.read(f.absolute) ?? ''), enumerable: true, configurable: true });
  return out;
}

/** What makes two analyses of the same files differ. */
export function analysisKey(o: AnalyzeOptions): string {
  return JSON.stringify([o.target, !!o.safeOnly, !!o.unsafeFixes, [...(o.rules ?? [])].sort(), [...(o.disabledRules ?? [])].sort(), !!o.parseEverything, o.defaultQueueType ?? null]);
}

interface Read {
  index: ProjectIndex;
  selection: Selection;
  skipped: SkippedFile[];
  /** With a cache: every file's size, time, digest and facts, for the next run. */
  known: Map<string, CachedFile>;
  /** With a cache: the files whose entry is the last run's, not even read. */
  untouched: number;
  /** The texts of the files the selection chose, in index order (read again where the first read dropped them). */
  candidates(): SourceInput[];
}

/** Reads every discovered file once for its facts (in two threads for a large project); keeps the text only of files that may be candidates. */
function readAndIndex(files: DiscoveredFile[], project: ProjectOptions, view: FileSystemView, pool: WorkerPool, previous?: CacheContents): Read {
  const cached = project.cache ? (previous?.files ?? new Map<string, CachedFile>()) : undefined;
  const shared: SharedReaderOptions = { maxFileBytes: project.maxFileBytes, includeMinified: project.includeMinified ?? [], strategy: project.cache?.strategy };
  const share = readInParallel(files, { ...shared, cached: cached && [...cached] }, pool, (mine) => readShare(mine, { ...shared, cached: cached && [...mine].flatMap((f) => (cached.has(f.absolute) ? [[f.absolute, cached.get(f.absolute)!] as [string, CachedFile]] : [])) }))
    ?? readShare(files, { ...shared, cached: cached && [...cached] });
  const index = new ProjectIndex(view, share.indexed);
  const selection = selectCandidates(index);
  const kept = new Map(share.kept);
  return {
    index,
    selection,
    skipped: share.skipped,
    known: new Map(share.known),
    untouched: share.untouched,
    candidates: () =>
      share.indexed.flatMap((f) => {
        if (!selection.parse.has(f.absolute)) return [];
        const text = kept.get(f.absolute) ?? view.read(f.absolute);
        return text === undefined ? [] : [{ path: f.path, absolute: f.absolute, text }];
      }),
  };
}

/** The empty lists of every file that was not parsed (results are never changed in place once reported). */
const NOTHING = Object.freeze([]) as unknown as never[];

/** The analysis of the files under the named paths: every one of them has a result (not relevant if it was not parsed). */
function report(analysis: Analysis, found: ReturnType<typeof discover>, read: Read, named: (absolute: string) => boolean): Omit<ProjectRun, 'roots'> {
  const cwd = analysis.options.cwd ?? process.cwd();
  const kept = reportedOnly(analysis, (f) => named(f.absolute) || f.status === 'dependency', (file) => named(path.resolve(cwd, file)));
  const results = new Map(kept.map((f) => [f.path, f]));
  const files: FileResult[] = [];
  const skippedPaths = new Set(read.skipped.map((s) => s.absolute));
  for (const f of found.files) {
    if (!named(f.absolute) || skippedPaths.has(f.absolute)) continue;
    files.push(results.get(f.relative) ?? { path: f.relative, absolute: f.absolute, text: '', status: 'not-relevant', findings: NOTHING, edits: NOTHING, consumers: NOTHING });
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
