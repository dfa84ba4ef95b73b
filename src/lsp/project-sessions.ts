// The language server's projects: one session per workspace folder, indexed in the background with progress.
import * as path from 'node:path';
import type { AnalyzeOptions } from '../engine/options';
import type { Analysis } from '../engine/analyze';
import { ProjectSession } from '../engine/session';
import { projectRootOf } from '../index/project-root';
import type { WorkspaceFiles } from './workspace-files';

/** Reports indexing progress to the editor (`$/progress`), or nothing where the client cannot show it. */
export interface ProgressSink {
  begin(title: string, total: number): void;
  report(done: number, total: number): void;
  done(): void;
}

/** Files indexed per turn of the event loop: requests and edits are answered between two batches. */
const BATCH = 250;

/**
 * One project session per workspace folder (its project: the folder's project root, as `scan .` run in
 * it finds it). Each is indexed in the background, a batch of files per turn of the event loop, with
 * progress; `onReady` runs when one is ready (the open documents are then checked in their project).
 */
export class ProjectSessions {
  private readonly sessions: ProjectSession[] = [];
  private building = false;

  constructor(
    private readonly files: WorkspaceFiles,
    /** Reported paths are relative to this (the workspace root). */
    private readonly cwd: () => string,
    /** The config file's `exclude` and `includeMinified`, as the CLI reads them. */
    private readonly walk: () => { exclude: string[]; includeMinified: string[] },
    private readonly onReady: () => void,
    private readonly progress: () => ProgressSink | undefined,
  ) {}

  /** Starts indexing the projects of these workspace folders (absolute paths). */
  open(folders: readonly string[]): void {
    for (const folder of folders) {
      const root = projectRootOf(folder) ?? folder;
      if (this.sessions.some((s) => s.options.root === root)) continue;
      this.sessions.push(new ProjectSession({ root, cwd: this.cwd(), ...this.walk(), host: this.files, unsaved: (p) => this.files.openDocument(p)?.getText() }));
    }
    this.buildInBackground();
  }

  /** The session whose project holds the file (the deepest root), whether or not it is indexed yet. */
  sessionOf(absolute: string): ProjectSession | undefined {
    let best: ProjectSession | undefined;
    for (const s of this.sessions) if (s.covers(absolute) && (!best || s.options.root.length > best.options.root.length)) best = s;
    return best;
  }

  /** The project analysis a document is checked with: undefined if no project holds it or it is not indexed yet ('pending'). */
  analysisFor(absolute: string, options: AnalyzeOptions): { analysis: Analysis; session: ProjectSession } | 'pending' | undefined {
    const session = this.sessionOf(absolute);
    if (!session) return undefined;
    if (!session.ready) return 'pending';
    if (!session.contains(absolute)) return undefined;
    const analysis = session.analysis(options);
    return analysis ? { analysis, session } : 'pending';
  }

  /** A file's text changed (an edit, a save, a change on disk): every project that holds it reads it again. */
  changed(absolute: string): void {
    for (const s of this.sessions) if (s.covers(absolute)) s.changed(absolute);
  }

  /** Files were created or deleted, or what decides the walk changed (.gitignore, the config's exclude): walk again. */
  rediscover(absolute?: string): void {
    for (const s of this.sessions) if (!absolute || s.covers(absolute)) s.rediscover();
    this.buildInBackground();
  }

  /** The config's exclude or includeMinified patterns changed: every project is walked again with them. */
  excludeChanged(): void {
    const roots = this.sessions.map((s) => s.options.root);
    this.sessions.length = 0;
    this.open(roots);
  }

  /** Whether any project is still being indexed. */
  get pending(): boolean {
    return this.sessions.some((s) => !s.ready);
  }

  private buildInBackground(): void {
    if (this.building) return;
    const waiting = this.sessions.filter((s) => !s.ready);
    if (!waiting.length) return;
    this.building = true;
    const sink = this.progress();
    sink?.begin(`Indexing ${waiting.map((s) => path.basename(s.options.root)).join(', ')}`, 0);
    const step = () => {
      const next = this.sessions.find((s) => !s.ready);
      if (!next) {
        this.building = false;
        sink?.done();
        this.onReady();
        return;
      }
      const wasReady = next.buildStep(BATCH);
      const { done, total } = next.progress();
      sink?.report(done, total);
      if (wasReady) this.onReady();
      setImmediate(step);
    };
    setImmediate(step);
  }
}
