// A whole run over paths: discover, read (skipping binary, minified and oversize files), analyse.
import * as fs from 'node:fs';
import { discover, excludedBy, type DiscoverOptions } from '../discover';
import { analyze, type Analysis, type SourceInput } from './analyze';
import type { AnalyzeOptions } from './options';
import { analyzeInWorkers, relevance, workerCount, WorkerPool, type WorkersSetting } from './workers';

export const DEFAULT_MAX_FILE_BYTES = 2 * 1024 * 1024;

export interface ProjectRun {
  analysis: Analysis;
  /** Files found (after ignores). */
  discovered: number;
  /** Files found but not read: unreadable, binary, too large. */
  skipped: { file: string; message: string }[];
  /** Paths that could not be walked. */
  errors: { file: string; message: string }[];
  /** Absolute path of each analysed file, by reported path. */
  absolute: Map<string, string>;
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
}

/** Discover, read and analyse the files under `roots`. */
export function runProject(roots: string[], project: ProjectOptions, options: AnalyzeOptions): ProjectRun {
  const found = discover(roots, project);
  const pool = WorkerPool.forRun(project.workers, found.files.length);
  try {
    return readAndAnalyse(found, project, options, pool);
  } finally {
    pool.close();
  }
}

function readAndAnalyse(found: ReturnType<typeof discover>, project: ProjectOptions, options: AnalyzeOptions, pool: WorkerPool): ProjectRun {
  const inputs: SourceInput[] = [];
  const skipped: ProjectRun['skipped'] = [];
  const absolute = new Map<string, string>();
  const max = project.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  const minifiedWanted = excludedBy(project.includeMinified ?? []);
  for (const f of found.files) {
    let buf: Buffer;
    try {
      buf = readUpTo(f.absolute, max);
    } catch (e) {
      const size = (e as { tooLarge?: number }).tooLarge;
      if (size !== undefined) skipped.push({ file: f.relative, message: `skipped: ${size} bytes is over the size limit of ${max} bytes (--max-file-size)` });
      else skipped.push({ file: f.relative, message: `cannot read: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}` });
      continue;
    }
    const text = buf.toString('utf8');
    const unusable = unusableContent(buf, text, minifiedWanted(f.relative));
    if (unusable) {
      skipped.push({ file: f.relative, message: `skipped: ${unusable}` });
      continue;
    }
    inputs.push({ path: f.relative, text, absolute: f.absolute });
    absolute.set(f.relative, f.absolute);
  }
  const all = { cwd: project.cwd, ...options };
  const total = found.files.length;
  const progress = project.onProgress && ((done: number) => project.onProgress!(done + total - inputs.length, total));
  let analysis: Analysis | undefined;
  if (project.workers !== undefined) {
    const selection = relevance(inputs, all);
    const n = workerCount(inputs, selection.parse, project.workers);
    if (n > 1) analysis = analyzeInWorkers(inputs, all, selection, n, progress, pool);
  }
  let done = 0;
  analysis ??= analyze(inputs, all, progress ? { onFile: () => progress(++done) } : undefined);
  for (const f of analysis.files) absolute.set(f.path, f.absolute);
  return { analysis, discovered: found.files.length, skipped, errors: found.errors, absolute };
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
