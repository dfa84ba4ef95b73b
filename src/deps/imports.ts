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

const cache = new Map<string, { at: number; result: boolean | undefined }>();

/** `require('x')`, `require('x/sub')`, `from 'x'`, `import 'x'`, `import('x')`. */
function importPattern(names: readonly string[]): RegExp {
  const alternatives = names.map((n) => n.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|');
  return new RegExp(`(?:require\\s*\\(|\\bfrom|\\bimport\\s*\\(?)\\s*['"\`](?:${alternatives})(?:/[^'"\`]*)?['"\`]`);
}

/**
 * Whether a source file under `dir` (not under node_modules, nor in a nested project with its own lock
 * file) imports or requires one of `names`; undefined when there are too many files to tell.
 */
export function importedIn(dir: string, names: readonly string[]): boolean | undefined {
  const key = `${dir}\0${names.join(',')}`;
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.result;
  const pattern = importPattern(names);
  let files = 0;
  const walk = (d: string, top: boolean): boolean | undefined => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(d, { withFileTypes: true });
    } catch {
      return false;
    }
    // A nested project with its own lock file installs its own dependencies.
    if (!top && entries.some((e) => e.isFile() && (e.name === 'package-lock.json' || e.name === 'yarn.lock' || e.name === 'pnpm-lock.yaml'))) return false;
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
      }
    }
    return unknown ? undefined : false;
  };
  const result = walk(dir, true);
  cache.set(key, { at: Date.now(), result });
  return result;
}
