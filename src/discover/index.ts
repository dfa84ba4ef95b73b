// Finds the files to analyse under the given paths: sources and manifests, with .gitignore and --exclude.
import * as fs from 'node:fs';
import * as path from 'node:path';
import ignore, { type Ignore } from 'ignore';
import { isJsonPath, looksLikeJsonConfig, SOURCE_EXTENSIONS } from '../parse';
import { isDependencyManifest } from '../deps/manifests';
import { lookedAt, lookedFor } from '../index/probes';

/** Directories that hold dependencies, build output or tool caches, never user sources. */
export const SKIPPED_DIRECTORIES = new Set(['node_modules', '.git', '.hg', '.svn', 'dist', 'build', 'out', 'coverage', '.next', '.nuxt', '.turbo', '.cache', '.yarn', 'bower_components']);

export interface DiscoveredFile {
  /** Absolute path. */
  absolute: string;
  /** Path relative to the working directory, with `/` separators. */
  relative: string;
}

export interface DiscoverOptions {
  cwd: string;
  /** gitignore-style patterns to leave out (--exclude). */
  exclude?: string[];
  /** Receives every folder's listing as the walk reads it (module resolution answers from them). */
  view?: { seed(dir: string, entries: readonly fs.Dirent[]): void };
}

export interface Discovery {
  files: DiscoveredFile[];
  /** Paths that could not be read, with why. */
  errors: { file: string; message: string }[];
}

export function isSourceFile(name: string): boolean {
  if (/\.d\.[mc]?ts$/.test(name)) return false;
  return SOURCE_EXTENSIONS.some((ext) => name.endsWith(ext));
}

/** JSON files that are never client configuration: package manifests, lock files, tool settings. */
const TOOLING_JSON = /^(package(-lock)?|npm-shrinkwrap|composer(-lock)?|[tj]sconfig(\..*)?|lerna|nx|turbo|project|angular|\.?eslintrc|\.?babelrc|\.?prettierrc)\.json$/i;
/** A configuration file larger than this is not hand-written client configuration. */
const MAX_CONFIG_JSON_BYTES = 1024 * 1024;

/** A JSON file worth analysing: client configuration by its text (a rascal topology), not a tooling file. */
export function isJsonConfigFile(name: string, absolute: string): boolean {
  if (!isJsonPath(name) || TOOLING_JSON.test(name)) return false;
  lookedAt(absolute);
  try {
    if (fs.statSync(absolute).size > MAX_CONFIG_JSON_BYTES) return false;
    return looksLikeJsonConfig(fs.readFileSync(absolute, 'utf8'));
  } catch {
    return false;
  }
}

export function relativePath(cwd: string, absolute: string): string {
  const rel = path.relative(cwd, absolute) || path.basename(absolute);
  return rel.split(path.sep).join('/');
}

/** Finds the source files and dependency manifests under the given roots, honouring .gitignore files and --exclude. */
export function discover(roots: string[], options: DiscoverOptions): Discovery {
  const out: Discovery = { files: [], errors: [] };
  const seen = new Set<string>();
  const excluded = options.exclude?.length ? ignore().add(options.exclude) : undefined;
  for (const root of roots) {
    const absolute = path.resolve(options.cwd, root);
    lookedAt(absolute);
    let stat: fs.Stats;
    try {
      stat = fs.statSync(absolute);
    } catch (e) {
      out.errors.push({ file: root, message: (e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file or directory' : (e as Error).message });
      continue;
    }
    if (stat.isFile()) {
      add(out, seen, relativePath(options.cwd, absolute), absolute);
      continue;
    }
    const realRoot = fs.realpathSync(absolute);
    const rel = path.relative(options.cwd, absolute);
    // Paths under the working directory are built as the walk goes down; others are made relative one by one.
    const relDir = rel.startsWith('..') || path.isAbsolute(rel) ? undefined : rel.split(path.sep).join('/');
    const state: WalkState = { realRoot, excluded, cwd: options.cwd, out, seen, view: options.view, visited: new Set([realRoot]) };
    walk(absolute, realRoot, gitignoresAbove(absolute), relDir, state);
  }
  out.files.sort((a, b) => (a.relative < b.relative ? -1 : a.relative > b.relative ? 1 : 0));
  return out;
}

function add(out: Discovery, seen: Set<string>, relative: string, absolute: string): void {
  if (seen.has(absolute)) return;
  seen.add(absolute);
  out.files.push({ absolute, relative });
}

interface IgnoreLayer {
  base: string;
  rules: Ignore;
}

/** .gitignore files from the repository root down to (not including) `dir`. */
function gitignoresAbove(dir: string): IgnoreLayer[] {
  // A repository root (a nested checkout, a submodule) is not governed by an enclosing repository's ignores.
  if (gitAt(dir)) return [];
  const chain: string[] = [];
  let cur = path.dirname(dir);
  let top = dir;
  while (true) {
    chain.unshift(cur);
    top = cur;
    if (gitAt(cur)) break;
    const parent = path.dirname(cur);
    if (parent === cur) return [];
    cur = parent;
  }
  if (!gitAt(top)) return [];
  return chain.map(loadIgnore).filter((x): x is IgnoreLayer => !!x);
}

function gitAt(dir: string): boolean {
  const git = path.join(dir, '.git');
  lookedFor(git);
  return fs.existsSync(git);
}

function loadIgnore(dir: string): IgnoreLayer | undefined {
  lookedAt(path.join(dir, '.gitignore'));
  try {
    const text = fs.readFileSync(path.join(dir, '.gitignore'), 'utf8');
    return { base: dir, rules: ignore().add(text) };
  } catch {
    return undefined;
  }
}

function ignored(layers: IgnoreLayer[], absolute: string, isDir: boolean): boolean {
  for (const layer of layers) {
    // Every path the walk makes lies under each of its layers' folders.
    let rel = absolute.startsWith(layer.base + path.sep) ? absolute.slice(layer.base.length + 1) : path.relative(layer.base, absolute);
    if (!rel || rel.startsWith('..')) continue;
    if (path.sep !== '/') rel = rel.split(path.sep).join('/');
    if (isDir) rel += '/';
    if (layer.rules.ignores(rel)) return true;
  }
  return false;
}

interface WalkState {
  realRoot: string;
  excluded?: Ignore;
  cwd: string;
  out: Discovery;
  seen: Set<string>;
  view?: DiscoverOptions['view'];
  /** The real paths of the folders above (a link back to one of them is a loop). */
  visited: Set<string>;
}

/** `relDir`: the folder's path relative to the working directory (with `/`), or undefined outside it. */
function walk(dir: string, realDir: string, layers: IgnoreLayer[], relDir: string | undefined, state: WalkState): void {
  let entries: fs.Dirent[];
  lookedAt(dir);
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
    state.view?.seed(dir, entries);
  } catch (e) {
    state.out.errors.push({ file: relDir ?? relativePath(state.cwd, dir), message: `cannot read directory: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}` });
    return;
  }
  // The folder's own .gitignore, read only where the listing has one.
  const own = entries.some((e) => e.name === '.gitignore' && !e.isDirectory()) ? loadIgnore(dir) : undefined;
  const here = own ? [...layers, own] : layers;
  entries.sort((a, b) => (a.name < b.name ? -1 : 1));
  for (const entry of entries) {
    const absolute = dir + path.sep + entry.name;
    let isDir = entry.isDirectory();
    let isFile = entry.isFile();
    let real = realDir + path.sep + entry.name;
    if (entry.isSymbolicLink()) {
      // Follow links only to places inside the scanned root, and never into a loop.
      lookedAt(absolute);
      try {
        real = fs.realpathSync(absolute);
      } catch {
        continue;
      }
      if (real !== state.realRoot && !real.startsWith(state.realRoot + path.sep)) continue;
      const st = fs.statSync(real);
      isDir = st.isDirectory();
      isFile = st.isFile();
    }
    const rel = relDir === undefined ? relativePath(state.cwd, absolute) : relDir ? `${relDir}/${entry.name}` : entry.name;
    if (isDir) {
      if (SKIPPED_DIRECTORIES.has(entry.name) || ignored(here, absolute, true) || isExcluded(state.excluded, rel + '/')) continue;
      if (state.visited.has(real)) continue;
      state.visited.add(real);
      walk(absolute, real, here, relDir === undefined ? undefined : rel, state);
      state.visited.delete(real);
    } else if (isFile && (isSourceFile(entry.name) || isJsonPath(entry.name) || isDependencyManifest(entry.name))) {
      if (ignored(here, absolute, false) || isExcluded(state.excluded, rel)) continue;
      // Dependency manifests (package.json, lock files) are read for the client versions they install.
      if (!isSourceFile(entry.name) && !isDependencyManifest(entry.name) && !isJsonConfigFile(entry.name, absolute)) continue;
      add(state.out, state.seen, rel, absolute);
    }
  }
}

/** Whether a path relative to the root is left out by gitignore-style `exclude` patterns (as --exclude does). */
export function excludedBy(patterns: readonly string[]): (rel: string) => boolean {
  const excluded = ignore().add([...patterns]);
  return (rel) => isExcluded(excluded, rel.split(path.sep).join('/'));
}

function isExcluded(excluded: Ignore | undefined, rel: string): boolean {
  if (!excluded || rel.startsWith('../') || path.isAbsolute(rel)) return false;
  return excluded.ignores(rel);
}
