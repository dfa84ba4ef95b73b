// Whether a package's own source files import a module: a dependency nothing loads cannot stop the application connecting.
import * as fs from 'node:fs';
import * as path from 'node:path';

const SOURCE = /\.(?:[cm]?[jt]s|[jt]sx)$/;
/** Directories that hold no source of the package's own. */
const SKIP = new Set(['node_modules', 'bower_components', 'coverage']);
/** A walk stops after this many files (the answer is then "not known"). */
const MAX_FILES = 20_000;
/** A long-lived caller (the language server) sees changes after this long. */
const TTL_MS = 10_000;

/** Whether the package's sources import the package, and the nested packages that install a copy of their own. */
export interface ImportFacts {
  imported: boolean | undefined;
  /** Directories (relative to the package's, with `/`) of nested packages that require the package themselves and install their own copy. */
  ownCopies: string[];
}

const cache = new Map<string, { at: number; result: ImportFacts }>();

/** The lock files that mark a nested project installing its own dependencies. */
const LOCK_FILES = new Set(['package-lock.json', 'npm-shrinkwrap.json', 'yarn.lock', 'pnpm-lock.yaml', 'bun.lock', 'bun.lockb']);
const DEPENDENCY_SECTIONS = ['dependencies', 'devDependencies', 'optionalDependencies'];

function readManifest(file: string): Record<string, unknown> | undefined {
  try {
    const json: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
    return json && typeof json === 'object' ? (json as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** A package.json that requires one of `names` in its own dependencies. */
function declares(file: string, names: readonly string[]): boolean {
  const manifest = readManifest(file);
  return !!manifest && DEPENDENCY_SECTIONS.some((s) => {
    const section = manifest[s];
    return !!section && typeof section === 'object' && names.some((n) => Object.hasOwn(section, n));
  });
}

/** A package.json with workspaces: its nested packages share its node_modules (npm, Yarn, Bun hoist into it). */
function isWorkspaceRoot(file: string): boolean {
  return readManifest(file)?.workspaces !== undefined || fs.existsSync(path.join(path.dirname(file), 'pnpm-workspace.yaml'));
}

/** `require('x')`, `require('x/sub')`, `from 'x'`, `import 'x'`, `import('x')`. */
function importPattern(names: readonly string[]): RegExp {
  const alternatives = names.map((n) => n.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|');
  return new RegExp(`(?:require\\s*\\(|\\bfrom|\\bimport\\s*\\(?)\\s*['"\`](?:${alternatives})(?:/[^'"\`]*)?['"\`]`);
}

/** `require(config.driver)`, `require(name || 'x')`, `await import(moduleName)`: a module named at run time. */
const DYNAMIC_LOAD = /\brequire\s*\(\s*(?!['"`])[A-Za-z_$][\w$.?]*\s*(?:(?:\|\||\?\?)\s*['"`][^'"`\n]*['"`]\s*)?\)|\bimport\s*\(\s*(?!['"`])[A-Za-z_$]/;

/** One of `names` as a whole string literal (`driver: 'amqplib'`, `process.env.DRIVER ?? "amqplib"`). */
function namePattern(names: readonly string[]): RegExp {
  const alternatives = names.map((n) => n.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|');
  return new RegExp(`(['"\`])(?:${alternatives})\\1`);
}

/**
 * Whether a source file under `dir` (not under node_modules, nor in a nested project with its own lock
 * file or, outside a workspace, its own dependency on one of `names`) imports or requires one of `names`;
 * undefined when there are too many files to tell. A module loaded by a name chosen at run time (`require(config.driver)`)
 * counts as importing one of `names` when the package's sources write that name as a string (its default or only value).
 */
export function importedIn(dir: string, names: readonly string[]): ImportFacts {
  const key = `${dir}\0${names.join(',')}`;
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.result;
  const pattern = importPattern(names);
  const named = namePattern(names);
  let dynamic = false;
  let nameWritten = false;
  let files = 0;
  const walk = (d: string, top: boolean): boolean | undefined => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(d, { withFileTypes: true });
    } catch {
      // The package's own directory cannot be read (an editor's unsaved manifest): not known. A subfolder: nothing there.
      return top ? undefined : false;
    }
    // A nested project with its own lock file installs its own dependencies; so does one whose package.json
    // requires the package itself, outside a workspace (its code loads its own node_modules' copy first).
    if (!top) {
      const locked = entries.some((e) => e.isFile() && LOCK_FILES.has(e.name));
      const requires = entries.some((e) => e.isFile() && e.name === 'package.json') && declares(path.join(d, 'package.json'), names);
      if (requires && (locked || !workspaces)) ownCopies.push(path.relative(dir, d).split(path.sep).join('/'));
      if (locked || (requires && !workspaces)) return false;
    }
    let unknown = false;
    for (const e of entries) {
      if (e.name.startsWith('.') || SKIP.has(e.name)) continue;
      const full = path.join(d, e.name);
      if (e.isDirectory()) {
        const r = walk(full, false);
        if (r) return true;
        if (r === undefined) unknown = true;
      } else if (e.isFile() && SOURCE.test(e.name) && !e.name.endsWith('.d.ts')) {
        if (++files > MAX_FILES) return undefined;
        let text: string;
        try {
          text = fs.readFileSync(full, 'utf8');
        } catch {
          continue;
        }
        if (pattern.test(text)) return true;
        dynamic ||= DYNAMIC_LOAD.test(text);
        nameWritten ||= named.test(text);
        if (dynamic && nameWritten) return true;
      }
    }
    return unknown ? undefined : false;
  };
  const workspaces = isWorkspaceRoot(path.join(dir, 'package.json'));
  const ownCopies: string[] = [];
  const result: ImportFacts = { imported: walk(dir, true), ownCopies };
  cache.set(key, { at: Date.now(), result });
  return result;
}
