// Parallel analysis in worker threads, for runs large enough to pay for it.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import type { DeclaredQueue } from '../rules/equivalence';
import { parsesNatively } from '../parse';
import { finishAnalysis, prepareAnalysis, queueFacts, type Analysis, type FileResult, type SourceInput } from './analyze';
import { ProjectIndex, type IndexedFile } from '../index/project-index';
import type { DiscoveredFile } from '../discover';
import type { ReadShare, SharedReaderOptions } from './project-files';
import type { CachedFile } from './cache';
import type { AnalyzeOptions } from './options';

/**
 * Parallel analysis, for runs large enough to pay for it.
 *
 * The engine's project-level steps (imports followed into other files, wrapper call sites, shared
 * constants a fix would edit) only ever connect files through imports, so the inputs are split into
 * the connected components of their import graph, read from the text (`import`/`export ... from`,
 * `require`, `import()`), and each thread analyses whole components: the main thread takes one share
 * itself (a worker costs a second copy of the engine to load and of the parser to warm up). The one
 * fact that crosses components, the project's queue declarations as the broker compares them (each
 * queue's type by name, and every declaration of a queue for inconsistent-queue-declaration and a
 * rewrite's deploy advice), is gathered from every thread after the models are built and handed back
 * before the rules run, merged in input order exactly as a single-threaded run would see it. Anything this cannot mirror exactly (a tsconfig that maps module paths, a file
 * outside the inputs that contributes facts or receives findings) makes the run single-threaded.
 *
 * The main thread stays synchronous: once its own share is done it blocks on `Atomics.wait` and
 * reads the workers' messages with `receiveMessageOnPort`.
 */

/** Parallel analysis starts at this many files that need parsing (on 2 cores a worker broke even at ~500 dense files, bench/RESULTS.md)... */
export const MIN_PARALLEL_FILES = 500;
/** ...or this many bytes of them. */
export const MIN_PARALLEL_BYTES = 5 * 1024 * 1024;
/** A worker that sends nothing for this long is given up on (the run goes on single-threaded). */
const STALL_MS = 120_000;

export type WorkersSetting = number | 'auto';

export interface ParallelOptions {
  /** Number of threads (this one and workers), or 'auto' (one per core, when the run is large enough); 0 or 1: no workers. */
  workers?: WorkersSetting;
  /** Called with the number of inputs done so far. */
  onProgress?: (done: number) => void;
}

const WORKER_SCRIPT = path.join(__dirname, 'worker-main.js');

/** How many threads the setting allows at most, this one included (0: analyse in this thread only). */
function threadLimit(setting: WorkersSetting | undefined): number {
  if (setting === undefined || setting === 0 || setting === 1) return 0;
  // Running from TypeScript sources (tests through vitest), there is no compiled worker script.
  if (!fs.existsSync(WORKER_SCRIPT)) return 0;
  if (setting !== 'auto') return Math.max(0, Math.floor(setting));
  // Babel (the fallback parser) warms up anew in every thread: on two cores that cost more than the second core gave.
  if (!parsesNatively()) return 0;
  const cores = typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;
  return cores > 1 ? Math.min(cores, 8) : 0;
}

/** How many threads a run over these candidates would use, this one included (0: analyse in this thread only). */
export function workerCount(candidates: readonly SourceInput[], setting: WorkersSetting | undefined): number {
  const limit = threadLimit(setting);
  if (limit < 2 || setting !== 'auto') return limit;
  const bytes = candidates.reduce((sum, c) => sum + c.text.length, 0);
  return candidates.length < MIN_PARALLEL_FILES && bytes < MIN_PARALLEL_BYTES ? 0 : limit;
}

/**
 * The project's files grouped into the connected components of its import graph (the index's edges,
 * aliases and tsconfig paths included), as lists of absolute paths in index order; only the components
 * that hold a candidate.
 */
export function importComponents(index: ProjectIndex, candidates: ReadonlySet<string>): string[][] {
  const groups = new Map<number, string[]>();
  // Only the components that hold a candidate: found by walks from the candidates.
  for (const f of candidates) index.componentOf(f);
  for (const f of index.files()) {
    const id = index.knownComponent(f.absolute);
    if (id === undefined) continue;
    const group = groups.get(id);
    if (group) group.push(f.absolute);
    else groups.set(id, [f.absolute]);
  }
  return [...groups.values()];
}

/** Components dealt to `n` workers, largest first to the least loaded (by the size of their candidates); each share in index order. */
export function deal(components: string[][], size: (absolute: string) => number, n: number, order: (files: string[]) => string[]): string[][] {
  const weight = (g: string[]) => g.reduce((sum, f) => sum + size(f), 0);
  const sized = components.map((g) => ({ g, w: weight(g) })).sort((a, b) => b.w - a.w || (a.g[0] < b.g[0] ? -1 : 1));
  const bins = Array.from({ length: n }, () => ({ items: [] as string[], w: 0 }));
  for (const { g, w } of sized) {
    const bin = bins.reduce((best, b) => (b.w < best.w ? b : best));
    bin.items.push(...g);
    bin.w += w;
  }
  return bins.filter((b) => b.items.length).map((b) => order(b.items));
}

// ---------------------------------------------------------------------------------------------
// Messages between the main thread and the workers

export type ToWorker =
  | { kind: 'read'; files: DiscoveredFile[]; options: SharedReaderOptions }
  | { kind: 'models'; inputs: SourceInput[]; files: IndexedFile[]; options: AnalyzeOptions }
  | { kind: 'rules'; declared: DeclaredQueue[] };

export type FromWorker =
  | { kind: 'progress'; done: number }
  | { kind: 'read'; read: ReadShare }
  | { kind: 'facts'; byFile: [string, DeclaredQueue[]][]; dependencies: boolean }
  | { kind: 'analysis'; files: FileResult[] }
  | { kind: 'error'; message: string };

interface Running {
  worker: Worker;
  port: MessagePort;
  signal: Int32Array;
  inputs: number;
  done: number;
}

/** One worker thread, waiting for its share (started early, it loads the engine while this thread works). */
function startWorker(): Running {
  const { port1, port2 } = new MessageChannel();
  const signal = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(WORKER_SCRIPT, { workerData: { port: port2, signal }, transferList: [port2] });
  worker.unref();
  return { worker, port: port1, signal, inputs: 0, done: 0 };
}

function stop(r: Running): void {
  r.port.close();
  void r.worker.terminate();
}

/**
 * Workers started before the files are read (a number of threads set: starting a worker and loading
 * the engine in it then overlaps reading the files, which it shares), else when the analysis takes them.
 * Whatever the run does not use is stopped by `close`.
 */
export class WorkerPool {
  private readonly idle: Running[];

  constructor(count: number) {
    this.idle = [];
    try {
      while (this.idle.length < count) this.idle.push(startWorker());
    } catch {
      // A worker that cannot start now is started (or found missing) when the run needs it.
    }
  }

  /**
   * Workers started before the files are read: those a number of threads asks for. With 'auto' none: reading a file
   * that names no client costs little more than reading it (engine/project-files.ts), so a worker pays only for the
   * analysis, and only once the candidates are known to be enough (analyzeInWorkers starts it then); a large project
   * with few candidates (most are) then neither starts one nor holds its memory.
   */
  static forRun(setting: WorkersSetting | undefined, _files: number): WorkerPool {
    return new WorkerPool(setting === 'auto' ? 0 : threadLimit(setting) - 1);
  }

  /** `count` workers: started ones first. */
  take(count: number): Running[] {
    const taken = this.idle.splice(0, count);
    while (taken.length < count) taken.push(startWorker());
    return taken;
  }

  /** A worker taken for a step (reading the project) and free again for the analysis. */
  giveBack(r: Running): void {
    r.done = 0;
    this.idle.unshift(r);
  }

  /** How many workers are started and waiting. */
  get size(): number {
    return this.idle.length;
  }

  close(): void {
    for (const r of this.idle.splice(0)) stop(r);
  }
}

/** Results as a worker sends them: no models (they hold syntax trees and functions). */
export function withoutModels(files: FileResult[]): FileResult[] {
  return files.map(({ model: _model, ...rest }) => rest);
}

/**
 * Analyses the candidates in `n` threads: this one and n - 1 workers, each taking whole components of
 * the project's import graph (with the facts of every file of them, for its own index). Undefined if it
 * cannot be done exactly as `analyze` would (the caller then analyses in this thread).
 */
export function analyzeInWorkers(inputs: SourceInput[], index: ProjectIndex, options: AnalyzeOptions, n: number, progress?: (done: number) => void, pool = new WorkerPool(0)): Analysis | undefined {
  const selection = options.selection!;
  const { onProgress: _drop, index: _index, files: _files, parseCache: _cache, ...plain } = options as AnalyzeOptions & { onProgress?: unknown };
  const byPath = new Map(inputs.map((i) => [i.absolute ?? i.path, i]));
  const running: Running[] = [];
  lastFallback = undefined;
  try {
    running.push(...pool.take(n - 1));
    const components = importComponents(index, selection.parse);
    const [own, ...shares] = deal(components, (f) => byPath.get(f)?.text.length ?? 0, n, (files) => index.inOrder(files));
    if (shares.length < 1) return fallback('fewer than two groups of files');
    const inputsOf = (share: string[]) => share.flatMap((f) => byPath.get(f) ?? []);
    // Each thread parses what the whole project's selection chose, knowing every library the project uses.
    const optionsFor = (share: string[]): AnalyzeOptions => ({ ...plain, selection: { ...selection, parse: new Set(share.filter((f) => selection.parse.has(f))) } });
    const held = new Set([...own, ...shares.flat()].filter((f) => byPath.has(f)));
    const outside = inputs.length - held.size;
    let ownDone = 0;
    const report = () => progress?.(outside + ownDone + running.reduce((sum, r) => sum + r.done, 0));
    running.splice(shares.length).forEach(stop);
    // Each thread's index: its share, and every manifest (the names of the repository's own packages an import may mean).
    const manifests = index.files().filter((f) => f.facts.kind === 'manifest');
    const indexed = (share: string[]) => [...share.map((f) => index.get(f)!), ...manifests.filter((m) => !share.includes(m.absolute))];
    shares.forEach((share, i) => {
      running[i].inputs = share.length;
      running[i].port.postMessage({ kind: 'models', inputs: inputsOf(share), files: indexed(share), options: optionsFor(share) } satisfies ToWorker);
    });
    // This thread's share, while the workers do theirs: its own index of the share, as a worker builds one.
    const ownIndex = new ProjectIndex(index.host, indexed(own));
    const mine = prepareAnalysis(inputsOf(own), { ...options, ...optionsFor(own), index: ownIndex }, { onFile: () => (++ownDone, report()) });
    const facts = [queueFacts(mine), ...running.map((r) => awaitMessage(r, 'facts', report))];
    if (facts.some((f) => !f)) return fallback(`a worker failed: ${lastError}`);
    // Files outside the project come after them all, in the order they were reached: exact only if one thread reached any.
    if (facts.filter((f) => f!.dependencies).length > 1) return fallback('files outside the inputs declare queues in more than one group');
    // The declarations as a single run lists them: file by file in input order, then the files outside the inputs.
    const paths = new Set(inputs.map((i) => i.path));
    const byFile = new Map<string, DeclaredQueue[]>();
    const outsideFacts: DeclaredQueue[] = [];
    for (const f of facts) {
      for (const [file, entries] of f!.byFile) {
        if (paths.has(file)) byFile.set(file, entries);
        else outsideFacts.push(...entries);
      }
    }
    const declared = [...inputs.flatMap((input) => byFile.get(input.path) ?? []), ...outsideFacts];
    for (const r of running) r.port.postMessage({ kind: 'rules', declared } satisfies ToWorker);
    const results = [{ files: withoutModels(finishAnalysis(mine, declared).files) }, ...running.map((r) => awaitMessage(r, 'analysis', report))];
    if (results.some((a) => !a)) return fallback(`a worker failed: ${lastError}`);
    const outsideResults = results.filter((a) => a!.files.some((f) => f.status === 'dependency'));
    if (outsideResults.length > 1) return fallback('files outside the inputs have findings or edits in more than one group');
    const done = new Map<string, FileResult>();
    for (const a of results) for (const f of a!.files) done.set(f.path, f);
    const files: FileResult[] = [];
    for (const input of inputs) {
      const result = done.get(input.path);
      if (result) files.push({ ...result, text: input.text });
      done.delete(input.path);
    }
    // Files of the project the selection left out but a finding or an edit reached, then files outside it.
    for (const f of done.values()) if (f.status !== 'dependency') files.push(f);
    for (const a of outsideResults) files.push(...a!.files.filter((f) => f.status === 'dependency'));
    return { options, files };
  } catch (e) {
    // Anything unexpected (a value that cannot be sent to a worker, a worker that cannot start): analyse here instead.
    return fallback((e as Error).message);
  } finally {
    running.forEach(stop);
  }
}

/** Why the last parallel run was done in one thread after all (for tests and debugging). */
export let lastFallback: string | undefined;
let lastError = '';

function fallback(reason: string): undefined {
  lastFallback = reason;
  return undefined;
}

type Of<K extends FromWorker['kind']> = Extract<FromWorker, { kind: K }>;

function awaitMessage<K extends 'facts' | 'analysis' | 'read'>(r: Running, kind: K, report: () => void): Of<K> | undefined {
  let quiet = 0;
  for (;;) {
    const got = receiveMessageOnPort(r.port);
    if (!got) {
      const before = Atomics.load(r.signal, 0);
      // Re-check after reading the counter: a message posted in between is not missed.
      const again = receiveMessageOnPort(r.port);
      if (again) {
        const m = again.message as FromWorker;
        if (handle(m)) return m as Of<K>;
        if (m.kind === 'error') {
          lastError = m.message;
          return undefined;
        }
        continue;
      }
      if (Atomics.wait(r.signal, 0, before, 1000) === 'timed-out') {
        quiet += 1000;
        if (quiet >= STALL_MS) {
          lastError = `no word from a worker for ${STALL_MS / 1000} s`;
          return undefined;
        }
      } else quiet = 0;
      continue;
    }
    const m = got.message as FromWorker;
    quiet = 0;
    if (handle(m)) return m as Of<K>;
    if (m.kind === 'error') {
      lastError = m.message;
      return undefined;
    }
  }
  function handle(m: FromWorker): boolean {
    if (m.kind === 'progress') {
      r.done = m.done;
      report();
      return false;
    }
    return m.kind === kind;
  }
}

// ---------------------------------------------------------------------------------------------
// Reading a large project for its index in two threads

/** Reading in a worker pays for itself from this many files (a worker's start is ~0.1 s on 2 cores). */
export const MIN_PARALLEL_READ = 6000;

/** How many threads the last run read the project in (for tests and debugging). */
export let lastReadThreads = 1;

/** Reads `files` into an IndexReader's results: one share here, one in a worker (in the files' order). */
export function readInParallel(files: DiscoveredFile[], options: SharedReaderOptions, pool: WorkerPool, readHere: (share: DiscoveredFile[]) => ReadShare): ReadShare | undefined {
  lastReadThreads = 1;
  if (pool.size === 0 || files.length < MIN_PARALLEL_READ) return undefined;
  const [worker] = pool.take(1);
  // The worker starts later (loading the engine): it takes the smaller, second share.
  const cut = Math.ceil(files.length * 0.55);
  const theirs = files.slice(cut);
  const cached = options.cached && new Map(options.cached);
  try {
    worker.port.postMessage({ kind: 'read', files: theirs, options: { ...options, cached: cached && theirs.flatMap((f) => (cached.has(f.absolute) ? [[f.absolute, cached.get(f.absolute)!] as [string, CachedFile]] : [])) } } satisfies ToWorker);
  } catch {
    pool.giveBack(worker);
    return undefined;
  }
  const mine = readHere(files.slice(0, cut));
  const got = awaitMessage(worker, 'read', () => {});
  if (!got) {
    stop(worker);
    return undefined;
  }
  pool.giveBack(worker);
  lastReadThreads = 2;
  const r = got.read;
  return { indexed: [...mine.indexed, ...r.indexed], skipped: [...mine.skipped, ...r.skipped], kept: [...mine.kept, ...r.kept], known: [...mine.known, ...r.known], reused: mine.reused + r.reused, untouched: mine.untouched + r.untouched };
}
