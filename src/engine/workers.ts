// Parallel analysis in worker threads, for runs large enough to pay for it.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import type { DeclaredQueue } from '../rules/equivalence';
import { isJsonPath, looksLikeJsonConfig, parsesNatively } from '../parse';
import { diskHost, resolveRelative } from '../resolve/module-resolution';
import { ModuleAliases } from '../resolve/module-aliases';
import { finishAnalysis, prepareAnalysis, queueFacts, type Analysis, type FileResult, type SourceInput } from './analyze';
import { selectCandidates } from './candidates';
import { SPECIFIER } from '../resolve/import-graph';
import { isDependencyManifest, mentionsWatchedPackage } from '../deps/manifests';
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

/** How many threads a run with these inputs would use, this one included (0: analyse in this thread only). */
export function workerCount(inputs: SourceInput[], relevant: boolean[], setting: WorkersSetting | undefined): number {
  const limit = threadLimit(setting);
  if (limit < 2 || setting !== 'auto') return limit;
  let files = 0;
  let bytes = 0;
  inputs.forEach((input, i) => {
    if (!relevant[i]) return;
    files++;
    bytes += input.text.length;
  });
  return files < MIN_PARALLEL_FILES && bytes < MIN_PARALLEL_BYTES ? 0 : limit;
}

/** The inputs the engine would parse and the libraries the project uses: the same selection `analyze` makes. */
export function relevance(inputs: SourceInput[], options: AnalyzeOptions): NonNullable<AnalyzeOptions['selection']> {
  const s = selectCandidates(inputs, options.cwd ?? process.cwd(), options.parseEverything);
  return { parse: s.parse, libraries: [...s.libraries], packages: [...s.packages], prefetchAt: s.prefetchAt };
}


/**
 * The inputs grouped into the connected components of their import graph (indices into `inputs`),
 * leaving out components that need no parsing; undefined if imports cannot be followed from the text.
 */
export function importComponents(inputs: SourceInput[], relevant: boolean[], cwd: string): number[][] | undefined {
  const absolute = inputs.map((i) => i.absolute ?? path.resolve(cwd, i.path));
  const index = new Map(absolute.map((a, i) => [a, i]));
  const host = diskHost(new Map(absolute.map((a, i) => [a, inputs[i].text])));
  // Union-find over files (inputs first, then files outside the inputs that imports lead to).
  const parent: number[] = inputs.map((_, i) => i);
  const find = (x: number): number => {
    while (parent[x] !== x) x = parent[x] = parent[parent[x]];
    return x;
  };
  const union = (a: number, b: number) => {
    const ra = find(a);
    const rb = find(b);
    if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb);
  };
  const idOf = (file: string): number => {
    let id = index.get(file);
    if (id === undefined) {
      id = parent.length;
      parent.push(id);
      index.set(file, id);
      pending.push(file);
    }
    return id;
  };
  const pending: string[] = [];
  const tsconfigs = new Map<string, boolean>();
  const aliases = new ModuleAliases(host);
  const visit = (file: string, text: string): boolean => {
    const from = index.get(file)!;
    SPECIFIER.lastIndex = 0;
    for (let m = SPECIFIER.exec(text); m; m = SPECIFIER.exec(text)) {
      const spec = m[2];
      if (spec.startsWith('.') || spec.startsWith('/')) {
        const target = resolveRelative(host, file, spec);
        if (target) union(from, idOf(target));
      } else if (aliases.declares(path.dirname(file)) && aliases.resolve(file, spec)) {
        union(from, idOf(aliases.resolve(file, spec)!));
      } else if (mapsPaths(path.dirname(file), tsconfigs)) {
        // A non-relative import may lead into the project through tsconfig paths: not followed here.
        return false;
      }
    }
    return true;
  };
  for (let i = 0; i < inputs.length; i++) if (!visit(absolute[i], inputs[i].text)) return undefined;
  while (pending.length) {
    const file = pending.pop()!;
    const text = host.read(file);
    if (text !== undefined && !visit(file, text)) return undefined;
  }
  const groups = new Map<number, number[]>();
  for (let i = 0; i < inputs.length; i++) {
    const root = find(i);
    const group = groups.get(root);
    if (group) group.push(i);
    else groups.set(root, [i]);
  }
  return [...groups.values()].filter((g) => g.some((i) => relevant[i]));
}

/** Whether the nearest tsconfig.json (up to the repository root) may map module paths (as TsconfigCache reads it). */
function mapsPaths(dir: string, cache: Map<string, boolean>): boolean {
  const known = cache.get(dir);
  if (known !== undefined) return known;
  let result = false;
  let text: string | undefined;
  try {
    text = fs.readFileSync(path.join(dir, 'tsconfig.json'), 'utf8');
  } catch {
    text = undefined;
  }
  if (text !== undefined) result = /"(paths|baseUrl|extends)"/.test(text);
  else {
    const up = path.dirname(dir);
    result = up !== dir && !fs.existsSync(path.join(dir, '.git')) ? mapsPaths(up, cache) : false;
  }
  cache.set(dir, result);
  return result;
}

/** Components dealt to `n` workers, largest first to the least loaded; each worker's inputs in input order. */
export function deal(components: number[][], inputs: SourceInput[], n: number): number[][] {
  const weight = (g: number[]) => g.reduce((sum, i) => sum + inputs[i].text.length, 0);
  const sized = components.map((g) => ({ g, w: weight(g) })).sort((a, b) => b.w - a.w || a.g[0] - b.g[0]);
  const bins = Array.from({ length: n }, () => ({ items: [] as number[], w: 0 }));
  for (const { g, w } of sized) {
    const bin = bins.reduce((best, b) => (b.w < best.w ? b : best));
    bin.items.push(...g);
    bin.w += w;
  }
  return bins.map((b) => b.items.sort((x, y) => x - y)).filter((b) => b.length);
}

// ---------------------------------------------------------------------------------------------
// Messages between the main thread and the workers

export type ToWorker = { kind: 'models'; inputs: SourceInput[]; options: AnalyzeOptions } | { kind: 'rules'; declared: DeclaredQueue[] };

export type FromWorker =
  | { kind: 'progress'; done: number }
  | { kind: 'facts'; byFile: [string, DeclaredQueue[]][]; dependencies: boolean }
  | { kind: 'analysis'; files: FileResult[] }
  | { kind: 'error'; message: string };

interface Running {
  worker: Worker;
  port: MessagePort;
  signal: Int32Array;
  inputs: number[];
  done: number;
}

/** One worker thread, waiting for its share (started early, it loads the engine while this thread works). */
function startWorker(): Running {
  const { port1, port2 } = new MessageChannel();
  const signal = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(WORKER_SCRIPT, { workerData: { port: port2, signal }, transferList: [port2] });
  worker.unref();
  return { worker, port: port1, signal, inputs: [], done: 0 };
}

function stop(r: Running): void {
  r.port.close();
  void r.worker.terminate();
}

/**
 * Workers started before the files are read, when there are enough files that a parallel run is
 * likely: starting a worker and loading the engine in it then overlaps reading the files.
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

  /** Workers the setting allows for a run of `files` files (none if it is too small to go parallel). */
  static forRun(setting: WorkersSetting | undefined, files: number): WorkerPool {
    const limit = threadLimit(setting);
    return new WorkerPool(setting === 'auto' && files < MIN_PARALLEL_FILES ? 0 : limit - 1);
  }

  /** `count` workers: started ones first. */
  take(count: number): Running[] {
    const taken = this.idle.splice(0, count);
    while (taken.length < count) taken.push(startWorker());
    return taken;
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
 * Analyses `inputs` in `n` threads: this one and n - 1 workers, each taking whole groups of files.
 * Undefined if it cannot be done exactly as `analyze` would (the caller then analyses in this
 * thread); inputs no component holds are reported not relevant.
 */
export function analyzeInWorkers(
  inputs: SourceInput[],
  options: AnalyzeOptions,
  selection: NonNullable<AnalyzeOptions['selection']>,
  n: number,
  progress?: (done: number) => void,
  pool = new WorkerPool(0),
): Analysis | undefined {
  const relevant = selection.parse;
  // Each thread parses what the whole project's selection chose, knowing every library the project uses.
  const optionsFor = (share: number[]): AnalyzeOptions => ({ ...plain, selection: { ...selection, parse: share.map((j) => relevant[j]) } });
  const cwd = options.cwd ?? process.cwd();
  const { onProgress: _drop, ...plain } = options as AnalyzeOptions & { onProgress?: unknown };
  const running: Running[] = [];
  lastFallback = undefined;
  try {
    running.push(...pool.take(n - 1));
    const components = importComponents(inputs, relevant, cwd);
    if (!components) return fallback('a tsconfig.json may map module paths');
    const [own, ...shares] = deal(components, inputs, n);
    if (shares.length < 1) return fallback('fewer than two groups of files');
    const held = new Set([...own, ...shares.flat()]);
    const outside = inputs.length - held.size;
    let ownDone = 0;
    const report = () => progress?.(outside + ownDone + running.reduce((sum, r) => sum + r.done, 0));
    running.splice(shares.length).forEach(stop);
    shares.forEach((share, i) => {
      running[i].inputs = share;
      running[i].port.postMessage({ kind: 'models', inputs: share.map((j) => inputs[j]), options: optionsFor(share) } satisfies ToWorker);
    });
    // This thread's share, while the workers do theirs.
    const mine = prepareAnalysis(own.map((i) => inputs[i]), optionsFor(own), { onFile: () => (++ownDone, report()) });
    const facts = [queueFacts(mine), ...running.map((r) => awaitMessage(r, 'facts', report))];
    if (facts.some((f) => !f)) return fallback(`a worker failed: ${lastError}`);
    // Files outside the inputs come after them all, in the order they were reached: exact only if one thread reached any.
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
    const byPath = new Map<string, FileResult>();
    for (const a of results) for (const f of a!.files) byPath.set(f.path, f);
    const files = inputs.map((input): FileResult => {
      const absolute = input.absolute ?? path.resolve(cwd, input.path);
      const done = byPath.get(input.path);
      if (done) return { ...done, text: input.text };
      return { path: input.path, absolute, text: input.text, status: 'not-relevant', findings: [], edits: [], consumers: [] };
    });
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

function awaitMessage<K extends 'facts' | 'analysis'>(r: Running, kind: K, report: () => void): Of<K> | undefined {
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
