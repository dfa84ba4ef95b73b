// The project index: every file's facts, and the queries that cross files (what imports this, what does
// this import), answered from the facts instead of rescanning texts or probing the disk per specifier.
import * as path from 'node:path';
import type { FileFacts } from './facts';
import { BareSpecifiers } from './bare-specifiers';
import { WorkspacePackages } from './workspace-packages';
import { resolveRelative, type SourceHost } from './module-resolution';

export interface IndexedFile {
  absolute: string;
  /** The path as reported (relative to the working directory, with `/`). */
  path: string;
  facts: FileFacts;
  /** The digest of the text the facts were read from (`contentHash`), where the reader kept one. */
  hash?: string;
}

const NO_LIBRARIES: ReadonlySet<string> = new Set();

/** Source extensions a specifier may be written with (`./x.js` for `./x.ts`). */
const WRITTEN_EXTENSION = /\.(?:[cm]?[jt]sx?|json)$/;

/**
 * The files of one project and their facts, in a fixed order (the order the engine reads them in).
 * Reverse queries (importers) look only at the specifiers whose last segment can name the file
 * (`./orders` for orders.ts, `./queues` for queues/index.ts), so their cost follows the answer, not
 * the project; bare specifiers are resolved only where module aliases or tsconfig paths can make
 * them lead into the project.
 */
export class ProjectIndex {
  private readonly byAbsolute = new Map<string, number>();
  private readonly entries: (IndexedFile | undefined)[] = [];
  private readonly bare: BareSpecifiers;
  private readonly workspace: WorkspacePackages;
  private readonly resolved = new Map<string, string | undefined>();
  private tails?: Map<string, number[]>;
  /** Importers found through bare specifiers (aliases, tsconfig paths): target to importing files. */
  private bareImporters?: Map<string, Set<number>>;
  private readonly directImporters = new Map<string, string[]>();
  private readonly closures = new Map<string, string[]>();
  /** The component found so far for each file (by its place in the index), as walks from files found them. */
  private components?: Map<number, number>;
  /** The libraries the files of each component name as modules (`FileFacts.packages`), by component id. */
  private componentLibraries?: Map<number, Set<string>>;

  constructor(
    readonly host: SourceHost & { isDirectory?(absolute: string): boolean },
    files: readonly IndexedFile[] = [],
  ) {
    this.bare = new BareSpecifiers(host);
    this.workspace = new WorkspacePackages(host, () => this.files().filter((f) => f.facts.kind === 'manifest').map((f) => f.absolute));
    for (const f of files) this.put(f);
  }

  /** Every file, in the index's order. */
  files(): IndexedFile[] {
    return this.entries.filter((e): e is IndexedFile => !!e);
  }

  get(absolute: string): IndexedFile | undefined {
    const i = this.byAbsolute.get(absolute);
    return i === undefined ? undefined : this.entries[i];
  }

  /** The file's place in the index (its order; stable while the file stays). */
  position(absolute: string): number | undefined {
    return this.byAbsolute.get(absolute);
  }

  has(absolute: string): boolean {
    return this.get(absolute) !== undefined;
  }

  /** Adds a file, or replaces its facts (an edit); the answers that may depend on it are dropped. */
  put(file: IndexedFile): void {
    const i = this.byAbsolute.get(file.absolute);
    const before = i === undefined ? undefined : this.entries[i];
    if (i === undefined) {
      this.byAbsolute.set(file.absolute, this.entries.length);
      this.entries.push(file);
    } else this.entries[i] = file;
    // A manifest names a package an import may mean.
    if (file.facts.kind === 'manifest') this.dropResolutions();
    else if (!before || !sameSpecifiers(before.facts, file.facts) || i === undefined) this.dropDerived();
  }

  /** Removes a file (deleted on disk, closed and gone). */
  remove(absolute: string): void {
    const i = this.byAbsolute.get(absolute);
    if (i === undefined) return;
    this.entries[i] = undefined;
    this.byAbsolute.delete(absolute);
    this.dropDerived();
  }

  /** After a change on disk that may change how specifiers resolve (a file created or deleted, a tsconfig edited). */
  dropResolutions(): void {
    this.resolved.clear();
    this.workspace.drop();
    this.dropDerived();
  }

  /** The file a specifier written in `from` leads to (on disk or in the index), if it leads into the project. */
  resolve(from: string, specifier: string): string | undefined {
    const relative = specifier.startsWith('.') || specifier.startsWith('/');
    const key = `${path.dirname(from)}\0${specifier}`;
    if (this.resolved.has(key)) return this.resolved.get(key);
    // A bare specifier: an alias or tsconfig path, else one of the repository's own packages (a workspace member).
    const target = relative ? resolveRelative(this.host, from, specifier) : (this.bare.resolve(from, specifier) ?? this.workspace.resolve(specifier));
    this.resolved.set(key, target);
    return target;
  }

  /** The indexed files `absolute` imports, requires or re-exports from. */
  importsOf(absolute: string): string[] {
    const entry = this.get(absolute);
    if (!entry || entry.facts.kind !== 'source') return [];
    const out: string[] = [];
    for (const spec of entry.facts.specifiers) {
      const target = this.leadsInto(absolute, spec);
      if (target !== undefined && target !== absolute && !out.includes(target)) out.push(target);
    }
    return out;
  }

  /** The indexed source files that import `absolute` directly, in index order. */
  importersOf(absolute: string): string[] {
    let out = this.directImporters.get(absolute);
    if (out) return out;
    const found = new Set<number>();
    for (const tail of tailsOf(absolute)) {
      for (const i of this.tailIndex().get(tail) ?? []) {
        const entry = this.entries[i];
        if (!entry || entry.absolute === absolute || found.has(i)) continue;
        if (entry.facts.specifiers.some((s) => tailOfSpecifier(entry.absolute, s) === tail && this.leadsInto(entry.absolute, s) === absolute)) found.add(i);
      }
    }
    for (const i of this.bareImporterIndex().get(absolute) ?? []) if (this.entries[i]) found.add(i);
    out = [...found].sort((a, b) => a - b).map((i) => this.entries[i]!.absolute);
    this.directImporters.set(absolute, out);
    return out;
  }

  /** The files that import any of `seeds`, directly or through other indexed files (the seeds left out). */
  importersOfAll(seeds: readonly string[]): string[] {
    const reached = new Set(seeds);
    const queue = [...seeds];
    while (queue.length) {
      for (const i of this.importersOf(queue.pop()!)) {
        if (reached.has(i)) continue;
        reached.add(i);
        queue.push(i);
      }
    }
    for (const s of seeds) reached.delete(s);
    return this.inOrder(reached);
  }

  /** The files that may call what `absolute` exports: it and every file that imports it, directly or not, in index order. */
  reachableFrom(absolute: string): string[] {
    let files = this.closures.get(absolute);
    if (!files) this.closures.set(absolute, (files = [absolute, ...this.importersOfAll([absolute])]));
    return files;
  }

  /** Whether two files are connected by imports (in either direction, through any number of files), or both take part in injection by token. */
  connected(a: string, b: string): boolean {
    if (a === b) return true;
    const ca = this.componentOf(a);
    return ca !== undefined && ca === this.componentOf(b);
  }

  /**
   * The connected component of the import graph a file is in (imports followed both ways; the files that
   * provide or inject by token joined into one), as an id stable until the graph changes. Found by a walk
   * from the file, so only the part of the project a question is about is ever resolved.
   */
  componentOf(absolute: string): number | undefined {
    const start = this.byAbsolute.get(absolute);
    if (start === undefined) return undefined;
    this.components ??= new Map();
    const known = this.components.get(start);
    if (known !== undefined) return known;
    const id = start;
    const queue = [start];
    this.components.set(start, id);
    const libraries = new Set<string>();
    (this.componentLibraries ??= new Map()).set(id, libraries);
    let hubJoined = false;
    while (queue.length) {
      const i = queue.pop()!;
      const entry = this.entries[i];
      if (!entry) continue;
      for (const p of entry.facts.packages) libraries.add(p);
      const next = [...this.importsOf(entry.absolute), ...this.importersOf(entry.absolute)].map((f) => this.byAbsolute.get(f)!);
      if (!hubJoined && (entry.facts.provides || entry.facts.injects)) {
        hubJoined = true;
        this.entries.forEach((e, j) => {
          if (e && (e.facts.provides || e.facts.injects)) next.push(j);
        });
      }
      for (const j of next) {
        if (this.components.has(j)) continue;
        this.components.set(j, id);
        queue.push(j);
      }
    }
    return id;
  }

  /**
   * The client libraries the files of a file's component name as modules (an import, a require): what a module that
   * imports a client, or is connected by imports to one that does, may be using (the recognition ladder's evidence).
   */
  librariesAround(absolute: string): ReadonlySet<string> {
    const id = this.componentOf(absolute);
    return (id !== undefined && this.componentLibraries?.get(id)) || NO_LIBRARIES;
  }

  /** The component of a file if a walk has found it already (see `componentOf`), without walking. */
  knownComponent(absolute: string): number | undefined {
    const i = this.byAbsolute.get(absolute);
    return i === undefined ? undefined : this.components?.get(i);
  }

  /** Files in index order. */
  inOrder(files: Iterable<string>): string[] {
    return [...files].map((f) => [f, this.byAbsolute.get(f) ?? Infinity] as const).sort((a, b) => a[1] - b[1]).map(([f]) => f);
  }

  /** The file a specifier leads to, if it is an indexed file. */
  private leadsInto(from: string, specifier: string): string | undefined {
    if (!specifier.startsWith('.') && !specifier.startsWith('/') && !this.bare.mayLeadIntoProject(from, specifier) && !this.workspace.has(specifier)) return undefined;
    const target = this.resolve(from, specifier);
    return target !== undefined && this.byAbsolute.has(target) ? target : undefined;
  }

  private dropDerived(): void {
    this.tails = undefined;
    this.bareImporters = undefined;
    this.directImporters.clear();
    this.closures.clear();
    this.components = undefined;
    this.componentLibraries = undefined;
  }

  /** Relative specifiers by the last segment of the path they name (`./a/orders.js` -> `orders`). */
  private tailIndex(): Map<string, number[]> {
    if (this.tails) return this.tails;
    const tails = new Map<string, number[]>();
    this.entries.forEach((entry, i) => {
      if (!entry || entry.facts.kind !== 'source') return;
      for (const spec of entry.facts.specifiers) {
        const tail = tailOfSpecifier(entry.absolute, spec);
        if (tail === undefined) continue;
        const list = tails.get(tail);
        if (!list) tails.set(tail, [i]);
        else if (list[list.length - 1] !== i) list.push(i);
      }
    });
    return (this.tails = tails);
  }

  /** Bare specifiers that lead into the project (module aliases, tsconfig paths), resolved once per index. */
  private bareImporterIndex(): Map<string, Set<number>> {
    if (this.bareImporters) return this.bareImporters;
    const out = new Map<string, Set<number>>();
    this.entries.forEach((entry, i) => {
      if (!entry || entry.facts.kind !== 'source') return;
      for (const spec of entry.facts.specifiers) {
        if (spec.startsWith('.') || spec.startsWith('/')) continue;
        const target = this.leadsInto(entry.absolute, spec);
        if (target === undefined) continue;
        let set = out.get(target);
        if (!set) out.set(target, (set = new Set()));
        set.add(i);
      }
    });
    return (this.bareImporters = out);
  }
}

function sameSpecifiers(a: FileFacts, b: FileFacts): boolean {
  return a.kind === b.kind && a.specifiers.length === b.specifiers.length && a.specifiers.every((s, i) => s === b.specifiers[i]);
}

/** The names by which a relative specifier can name the file: its stem, and for an index file its folder's name. */
function tailsOf(absolute: string): string[] {
  const base = path.basename(absolute);
  const stem = base.replace(WRITTEN_EXTENSION, '');
  return stem === 'index' ? [stem, path.basename(path.dirname(absolute))] : [stem];
}

/** The last segment of the path a relative specifier names, without a source extension (undefined for a bare one). */
function tailOfSpecifier(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.') && !specifier.startsWith('/')) return undefined;
  const slash = specifier.lastIndexOf('/');
  let last = specifier.slice(slash + 1);
  if (last === '' || last === '.' || last === '..') last = path.basename(path.resolve(path.dirname(from), specifier));
  return last.replace(WRITTEN_EXTENSION, '');
}
