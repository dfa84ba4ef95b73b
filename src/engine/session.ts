// A long-lived project (the language server, the jscodeshift transform): its index kept current as files
// change, and one analysis of the whole project, reused until a file changes.
import * as path from 'node:path';
import { discover, excludedBy, type DiscoveredFile } from '../discover';
import { FileSystemView } from '../index/file-system';
import type { SourceHost } from '../index/module-resolution';
import { ProjectIndex } from '../index/project-index';
import { contentHash } from '../index/content-hash';
import type { Analysis } from './analyze';
import { cachedAnalysis, type RecordingHost } from './cached-run';
import type { CacheContents, CachedFile } from './cache';
import { factsOf, selectCandidates } from './candidates';
import type { AnalyzeOptions } from './options';
import { IndexReader, type SkippedFile } from './project-files';

export interface SessionOptions {
  /** The project root (absolute): everything under it is the project. */
  root: string;
  /** Reported paths are relative to this directory. */
  cwd: string;
  exclude?: string[];
  maxFileBytes?: number;
  /** Files read even if they look minified (gitignore-style patterns): a generated client committed on purpose. */
  includeMinified?: readonly string[];
  /** Where texts are read: an editor's unsaved documents over the disk (default: the disk). */
  host?: SourceHost;
  /** An editor's unsaved text of a file, if it has one open (it wins over the disk for the file's facts). */
  unsaved?: (absolute: string) => string | undefined;
}

/**
 * One project, indexed once and kept current: `changed(file)` re-reads a file's facts (an edit, a save,
 * a change on disk), `rediscover()` walks the project again (a file created or deleted). `analysis()`
 * analyses the whole project as `scan .` does, and is reused until something changes, so every open
 * document of the project reads one analysis.
 */
export class ProjectSession {
  readonly view = new FileSystemView();
  private readonly host: RecordingHost;
  private files: DiscoveredFile[] = [];
  private index?: ProjectIndex;
  private skippedFiles: SkippedFile[] = [];
  private reader?: IndexReader;
  /** Bumped by every change: an analysis of an older version is stale. */
  private version = 0;
  private last?: { version: number; key: string; analysis: Analysis; components: CacheContents };

  constructor(readonly options: SessionOptions) {
    this.host = options.host ?? this.view;
  }

  /** Whether the index is built (`build` or every `buildStep` done). */
  get ready(): boolean {
    return !!this.index;
  }

  /** Builds the index at once. */
  build(): this {
    while (!this.buildStep(Infinity));
    return this;
  }

  /** Builds the index a batch at a time: the walk first, then `count` files per call; true when done. */
  buildStep(count = 200): boolean {
    if (this.index) return true;
    if (!this.reader) {
      this.files = discover([this.options.root], { cwd: this.options.cwd, exclude: this.options.exclude, view: this.view }).files;
      this.reader = new IndexReader(this.files, { maxFileBytes: this.options.maxFileBytes, overlay: this.overlayHost(), hashes: true, minifiedWanted: excludedBy(this.options.includeMinified ?? []) });
      return false;
    }
    if (!this.reader.step(count)) return false;
    this.index = new ProjectIndex(this.view, this.reader.indexed);
    this.skippedFiles = this.reader.skipped;
    this.reader = undefined;
    this.version++;
    return true;
  }

  /** Files read so far and in all, while the index is being built. */
  progress(): { done: number; total: number } {
    return this.reader ? { done: this.reader.done, total: this.reader.total } : { done: this.files.length, total: this.files.length };
  }

  /** Whether the file is one of the project's (found by the walk, not left out). */
  contains(absolute: string): boolean {
    return !!this.index?.has(absolute);
  }

  /** Whether the file lies under the project's root. */
  covers(absolute: string): boolean {
    return absolute === this.options.root || absolute.startsWith(this.options.root + path.sep);
  }

  /** A file of the project changed (its text in the editor, or on disk): its facts are read again. */
  changed(absolute: string): void {
    this.version++;
    if (!this.index) {
      // Still building: a file read already is read again at the end.
      this.reader = undefined;
      return;
    }
    const entry = this.index.get(absolute);
    if (!entry) return;
    const text = this.host.read(absolute);
    if (text === undefined) this.index.remove(absolute);
    else this.index.put({ ...entry, facts: factsOf(entry.path, text), hash: contentHash(text) });
  }

  /** Whether two files of the project are connected by imports (a change to one may change the other's findings). */
  connected(a: string, b: string): boolean {
    return !!this.index?.connected(a, b);
  }

  /** The digest of the text the index holds the file's facts of. */
  hashOf(absolute: string): string | undefined {
    return this.index?.get(absolute)?.hash;
  }

  /** Files were created or deleted, or ignore rules changed: the project is walked and indexed again. */
  rediscover(): void {
    this.version++;
    this.index = undefined;
    this.reader = undefined;
    for (const f of this.files) this.view.forget(path.dirname(f.absolute));
    this.view.forget(this.options.root);
  }

  /** The analysis of the whole project with these options, as `scan .` gives it; undefined until the index is built. */
  analysis(options: AnalyzeOptions): Analysis | undefined {
    if (!this.index) return undefined;
    const key = optionsKey(options);
    if (this.last && this.last.version === this.version && this.last.key === key) return this.last.analysis;
    const selection = selectCandidates(this.index);
    // Every file's digest (read with its facts): the components whose files are unchanged keep their results.
    const known = new Map<string, CachedFile>(this.index.files().map((f) => [f.absolute, { size: 0, mtimeMs: 0, hash: f.hash ?? '', facts: f.facts }]));
    const previous = this.last?.key === key ? this.last.components : undefined;
    const read = (absolute: string) => {
      const entry = this.index!.get(absolute);
      const text = entry && this.host.read(absolute);
      return text === undefined || !entry ? undefined : { path: entry.path, absolute, text };
    };
    const run = cachedAnalysis(this.index, selection, this.host, { ...options, cwd: this.options.cwd, files: this.host }, known, previous, read, true);
    this.lastRun = { reused: run.reused, analysed: run.analysed };
    this.last = { version: this.version, key, analysis: run.analysis, components: { format: 0, key, ...run.next } };
    return run.analysis;
  }

  /** How the last analysis went: candidate files whose results were kept (their component unchanged), and those analysed. */
  lastRun?: { reused: number; analysed: number };

  /** Files the walk found but could not read (too large, binary, a bundle). */
  skipped(): readonly SkippedFile[] {
    return this.skippedFiles;
  }

  private overlayHost(): SourceHost | undefined {
    const unsaved = this.options.unsaved;
    return unsaved && { read: (p) => unsaved(p), exists: () => true };
  }
}

/** What makes two analyses of the same files differ. */
function optionsKey(o: AnalyzeOptions): string {
  return JSON.stringify([o.target, o.safeOnly, o.unsafeFixes, [...(o.rules ?? [])].sort(), [...(o.disabledRules ?? [])].sort(), o.parseEverything, o.defaultQueueType ?? null]);
}
