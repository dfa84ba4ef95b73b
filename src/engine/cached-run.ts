// A run with the persistent cache: the components of the project whose files (and what they read) are
// unchanged keep their results; only the others are parsed and analysed again.
import type { Analysis, FileResult, SourceInput } from './analyze';
import { finishAnalysis, prepareAnalysis, queueFacts } from './analyze';
import type { AnalyzeOptions } from './options';
import type { Selection } from './candidates';
import type { CacheContents, CachedComponent, CachedFile } from './cache';
import type { ProjectIndex } from '../index/project-index';
import type { SourceHost } from '../index/module-resolution';
import { contentHash } from '../index/content-hash';
import { importComponents, withoutModels } from './workers';
import type { DeclaredQueue } from '../rules/equivalence';
import { declaredKey } from './declared-queues';
import { recordingStats, StatRecorder, unchanged } from '../index/probes';

/** Where texts are read, keeping the paths of every file read while `reads` is set (the files a result came from). */
export type RecordingHost = SourceHost & { reads?: Set<string> };

export interface CachedRun {
  analysis: Analysis;
  /** The cache for the next run. */
  next: Omit<CacheContents, 'format' | 'key'>;
  /** Candidate files whose results came from the cache, and those analysed in this run. */
  reused: number;
  analysed: number;
}

/**
 * Analyses the project's candidates, reusing the results of every import-graph component whose files,
 * outside reads and project-wide facts are what the cache recorded. Components are the unit: no import
 * joins two of them, so a file's results depend only on its component, the declarations anywhere (each queue's
 * type, and every declaration of a queue declared more than once: declaredKey, compared as a whole) and what the
 * selection found project-wide (the libraries in use, the first prefetch).
 */
export function cachedAnalysis(
  index: ProjectIndex,
  selection: Selection,
  view: RecordingHost,
  options: AnalyzeOptions,
  known: ReadonlyMap<string, CachedFile>,
  previous: CacheContents | undefined,
  read: (absolute: string) => SourceInput | undefined,
  /** Keep the results' models and texts (a long-lived session reuses them in memory; a file cache cannot hold them). */
  inMemory = false,
): CachedRun {
  const hashOf = (f: string) => known.get(f)?.hash ?? '';
  const components = importComponents(index, selection.parse);
  const project = projectFacts(selection);
  const cachedBy = new Map((previous && previous.project.startsWith(project.selection) ? previous.components : []).map((c) => [componentKey(c.files), c]));
  const reusable = (c: CachedComponent | undefined): c is CachedComponent =>
    !!c && (c.looked ?? []).every(([p, kind, size, mtime]) => unchanged(p, kind, size, mtime)) && c.outside.every(([f, h]) => (view.read(f) === undefined ? null : contentHash(view.read(f)!)) === h);
  let clean: CachedComponent[] = [];
  let dirty: string[][] = [];
  for (const files of components) {
    const cached = cachedBy.get(componentKey(files.map((f) => [f, hashOf(f)])));
    if (reusable(cached)) clean.push(cached);
    else dirty.push(files);
  }
  const componentOf = new Map<string, string>();
  components.forEach((files, i) => files.forEach((f) => componentOf.set(index.get(f)?.path ?? f, String(i))));
  const keyOf = (file: string) => componentOf.get(file) ?? 'outside';
  let run = analyseComponents(dirty, index, selection, view, options, hashOf, read, clean, keyOf, inMemory);
  // Other declarations than the last run's: every component's rules may read them, so none is reused.
  if (clean.length && run.project !== previous?.project) {
    dirty = components;
    clean = [];
    run = analyseComponents(dirty, index, selection, view, options, hashOf, read, clean, keyOf, inMemory);
  }
  const results = new Map<string, FileResult>();
  for (const c of clean) for (const r of c.results) results.set(r.path, r);
  for (const r of run.results) results.set(r.path, r);
  const files = [...results.values()];
  const order = new Map(index.files().map((f, i) => [f.path, i]));
  files.sort((a, b) => (order.get(a.path) ?? Infinity) - (order.get(b.path) ?? Infinity));
  return {
    analysis: { options, files },
    next: { files: new Map(known), components: [...clean, ...run.components], project: run.project },
    reused: clean.reduce((n, c) => n + c.files.filter(([f]) => selection.parse.has(f)).length, 0),
    analysed: run.analysed,
  };
}

/** What every component's rules read of the whole project besides the queue types. */
function projectFacts(selection: Selection): { selection: string } {
  return { selection: JSON.stringify([[...selection.libraries].sort(), [...selection.packages].sort(), selection.prefetchAt ?? null]) };
}

function componentKey(files: [string, string][]): string {
  return JSON.stringify(files);
}

/** The dirty components analysed together (one parse of each candidate), their results kept per component. */
function analyseComponents(
  dirty: string[][],
  index: ProjectIndex,
  selection: Selection,
  view: RecordingHost,
  options: AnalyzeOptions,
  hashOf: (f: string) => string,
  read: (absolute: string) => SourceInput | undefined,
  clean: CachedComponent[],
  componentOfFile: (file: string) => string,
  inMemory: boolean,
): { results: FileResult[]; components: CachedComponent[]; project: string; analysed: number } {
  const inputs = dirty.flat().filter((f) => selection.parse.has(f)).map(read).filter((i): i is SourceInput => !!i);
  view.reads = new Set();
  // What the analysis looks at besides the files' texts (the line width's configuration files): a reused result needs it unchanged.
  const recorder = new StatRecorder();
  const { facts, finished } = recordingStats(recorder, () => {
    const prepared = prepareAnalysis(inputs, { ...options, index, selection, files: view });
    const facts = queueFacts(prepared);
    return { facts, finished: finishAnalysis(prepared, declaredAsAWhole(index, clean, facts.byFile)).files };
  });
  // Files the view read are compared by their digests (`outside`), the index's by theirs.
  const looked = [...recorder.seen].filter(([p]) => !index.has(p) && !view.reads!.has(p)).map(([p, [kind, size, mtime]]): [string, number, number, number] => [p, kind, size, mtime]);
  const declared = declaredAsAWhole(index, clean, facts.byFile);
  const results = inMemory ? finished : withoutModels(finished);
  const outside = [...view.reads].filter((f) => !index.has(f)).map((f): [string, string | null] => {
    const text = view.read(f);
    return [f, text === undefined ? null : contentHash(text)];
  });
  view.reads = undefined;
  // Each file's results go with its component; a file outside the project, with every component that edits it.
  const componentOf = new Map<string, number>();
  dirty.forEach((files, i) => files.forEach((f) => componentOf.set(f, i)));
  const components: CachedComponent[] = dirty.map((files) => ({ files: files.map((f) => [f, hashOf(f)]), outside, looked, declared: [], results: [] }));
  const byPath = new Map(index.files().map((f) => [f.path, f.absolute]));
  for (const r of results) {
    // The cache keeps no texts: a reused result's text is read again where a report or a fix needs it.
    const stored = inMemory ? r : { ...r, text: '' };
    const i = componentOf.get(byPath.get(r.path) ?? r.absolute);
    if (i !== undefined) components[i].results.push(stored);
    else for (const c of components) c.results.push(stored);
  }
  for (const [file, entries] of facts.byFile) {
    const i = componentOf.get(byPath.get(file) ?? '');
    if (i !== undefined) components[i].declared.push([file, entries]);
    else for (const c of components) c.declared.push([file, entries]);
  }
  return { results, components, project: `${projectFacts(selection).selection}${declaredKey(declared, componentOfFile)}`, analysed: inputs.length };
}

/** The declarations as a whole run lists them: file by file in index order (cached components' with the new), then files outside the index. */
function declaredAsAWhole(index: ProjectIndex, clean: readonly CachedComponent[], fresh: readonly [string, DeclaredQueue[]][]): DeclaredQueue[] {
  const byFile = new Map<string, DeclaredQueue[]>();
  for (const c of clean) for (const [file, entries] of c.declared) byFile.set(file, entries);
  for (const [file, entries] of fresh) byFile.set(file, entries);
  const indexed = new Set(index.files().map((f) => f.path));
  return [...index.files().flatMap((f) => byFile.get(f.path) ?? []), ...[...byFile].filter(([file]) => !indexed.has(file)).flatMap(([, entries]) => entries)];
}
